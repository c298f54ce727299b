// Every word the embedded lab (`?embed=1`) and the "Copy embed code" button show, in one place:
// plain functions returning English, moved into the message catalogs when the page's strings
// are (issue 31 part 1).

export const embedMessages = {
  openFullLab: () => 'Open the full lab ↗',
  openFullLabTitle: () => 'This run in the full NetLab, in a new tab: every chart, the knobs, the editor',
  regionLabel: () => 'NetLab, embedded',
  keyChartLabel: (title: string) => `Key chart: ${title}`,
  copyEmbed: () => 'Copy embed code',
  copyEmbedTitle: () => 'An <iframe> snippet that shows this run (scenario, seed, speed) in a course page or slides, 960 × 540',
  embedCodeLabel: () => 'Embed code for this run',
  embedCopied: () => 'copied; paste it into a course page',
  iframeTitle: (title: string) => `NetLab: ${title}`,
  play: () => '▶ Play',
  again: () => '▶ Run again',
  pause: () => '❚❚ Pause',
  restart: () => '↺ Restart',
  restartTitle: () => 'Back to t = 0, paused',
  loading: () => 'loading…',
};
