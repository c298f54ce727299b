// "Copy embed code" beside the lab's "Copy link": the <iframe> snippet of the run on screen
// (embed/snippet.ts), copied to the clipboard and shown in a field to select by hand where the
// clipboard is not allowed.
import { lab } from '../sim/controller';
import { useLab } from '../store/store';
import { useEmbedCode } from './embedCode';
import { embedMessages as m } from './messages';

export function EmbedButton() {
  const loaded = useLab((s) => s.runId > 0);
  const runId = useLab((s) => s.runId);
  const code = useEmbedCode();
  const shown = code !== null && code.runId === runId ? code.snippet : null;
  return (
    <>
      <button type="button" data-testid="embed-code" onClick={() => lab.share('embed')} disabled={!loaded} title={m.copyEmbedTitle()}>
        {m.copyEmbed()}
      </button>
      {shown && (
        <textarea
          className="embed-snippet share-url"
          data-testid="embed-snippet"
          readOnly
          rows={2}
          value={shown}
          aria-label={m.embedCodeLabel()}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </>
  );
}
