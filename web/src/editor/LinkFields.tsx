// The editor's inputs for one link direction's queue (issue 15 items 2–3): the queue
// discipline, its parameters as labelled inputs rendered from the discipline's schema in the
// engine's registry (as CcFields renders a controller's cc_params), and the delay jitter. Used
// for the dumbbell's bottleneck, each parallel path, and each direction of a graph link
// (docs/model/aqm.md; fields `aqm`, `aqm_params`, `jitter_ms`).
import { useContext } from 'react';
import { EditorCtx, JsonField, NumField, ParamField, SelectField } from './fields';
import { type Json, getAt, pruneEmpty, setAt } from './jsonPath';
import { AQM_DEFAULT, QUEUE_DISCIPLINES, aqmDoc, aqmParamsFor, paramsForAqm } from './schema';
import { i18n } from '../i18n/i18n';

/**
 * Queue discipline + parameters + jitter of the link direction at `base`. `prune` lists
 * enclosing optional blocks (a graph link's `reverse`) to drop when an edit leaves them empty.
 * `inherit` says what an unset discipline means there (the forward direction's, on a reverse).
 */
export function QueueFields({ base, prune = [], inherit }: { base: string; prune?: readonly string[]; inherit?: string }) {
  const { obj, replace } = useContext(EditorCtx);
  const v = getAt(obj, `${base}.aqm`);
  const aqm = typeof v === 'string' ? v : (inherit ?? AQM_DEFAULT);
  const params = aqmParamsFor(aqm);
  const pp = `${base}.aqm_params`;
  const pr = [pp, ...prune];
  return (
    <div className="param-block" data-testid="queue-fields" data-base={base}>
      <div className="form-row">
        <SelectField
          path={`${base}.aqm`}
          label={i18n._({ id: 'editor.queue-discipline', message: 'Queue discipline' })}
          options={QUEUE_DISCIPLINES}
          def={inherit ?? AQM_DEFAULT}
          onPick={(name) => {
            // Parameters the new discipline does not accept would make the engine refuse it.
            const next = name === '' ? undefined : name;
            let out: Json = setAt(obj, `${base}.aqm`, next);
            out = setAt(out, pp, paramsForAqm(next ?? inherit ?? AQM_DEFAULT, getAt(obj, pp)));
            replace(pruneEmpty(out, pr));
          }}
        />
        {params.map((p) => (
          <ParamField key={p.key} def={p} base={pp} prune={pr} />
        ))}
        <NumField path={`${base}.jitter_ms`} label={i18n._({ id: 'editor.jitter', message: 'Jitter' })} unit="ms" placeholder="0" help={i18n._({ id: 'editor.up-to-this-much-extra', message: 'Up to this much extra one-way delay per packet ({doc})', values: { doc: 'docs/model/aqm.md' } })} prune={prune} />
      </div>
      {aqmDoc(aqm) && <p className="hint">{aqmDoc(aqm)}</p>}
      {params.length > 0 && <JsonField path={pp} label={i18n._({ id: 'editor.other-aqm-params-json', message: 'Other aqm_params (JSON)' })} omit={params.map((p) => p.key)} dropEmpty />}
    </div>
  );
}
