// Every word the embedded lab (`?embed=1`) and the "Copy embed code" button show, as Lingui
// messages (issue 31 §1, docs/i18n.md).
import { i18n } from '../i18n/i18n';

export const embedMessages = {
  openFullLab: () => i18n._({ id: 'embed.open-full-lab', message: 'Open the full lab ↗' }),
  openFullLabTitle: () => i18n._({ id: 'embed.open-full-lab-title', message: 'This run in the full NetLab, in a new tab: every chart, the knobs, the editor' }),
  regionLabel: () => i18n._({ id: 'embed.region-label', message: 'NetLab, embedded' }),
  keyChartLabel: (title: string) => i18n._({ id: 'embed.key-chart-label', message: 'Key chart: {title}', values: { title } }),
  copyEmbed: () => i18n._({ id: 'embed.copy-embed', message: 'Copy embed code' }),
  copyEmbedTitle: () => i18n._({ id: 'embed.copy-embed-title', message: 'An <iframe> snippet that shows this run (scenario, seed, speed) in a course page or slides, 960 × 540' }),
  embedCodeLabel: () => i18n._({ id: 'embed.embed-code-label', message: 'Embed code for this run' }),
  embedCopied: () => i18n._({ id: 'embed.embed-copied', message: 'copied; paste it into a course page' }),
  iframeTitle: (title: string) => i18n._({ id: 'embed.iframe-title', message: 'NetLab: {title}', values: { title } }),
  play: () => i18n._({ id: 'embed.play', message: '▶ Play' }),
  again: () => i18n._({ id: 'embed.again', message: '▶ Run again' }),
  pause: () => i18n._({ id: 'embed.pause', message: '❚❚ Pause' }),
  restart: () => i18n._({ id: 'embed.restart', message: '↺ Restart' }),
  restartTitle: () => i18n._({ id: 'embed.restart-title', message: 'Back to t = 0, paused' }),
  runControls: () => i18n._({ id: 'embed.run-controls', message: 'Run controls' }),
  progress: () => i18n._({ id: 'embed.progress', message: 'Simulated time progress' }),
  loading: () => i18n._({ id: 'embed.loading', message: 'loading…' }),
};
