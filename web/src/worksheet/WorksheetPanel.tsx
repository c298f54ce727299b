// The worksheet panel (issue 32 part 3): the preset's questions for the run on screen
// (questions.ts), a prediction for each (saved locally, predictions.ts), "Lock predictions and
// run" — which locks them and plays the run from t = 0 — and, when that run ends, each answer
// checked against the run's own summary by the engine (wasm `worksheet_verdict`, the same rule
// as `netlab check`) with the explanation.
import { useEffect, useState } from 'react';
import type { Question } from '../generated';
import { engine } from '../lib/engine';
import { formatReading } from '../charts/readout';
import { lab } from '../sim/controller';
import { currentPreset, defaultKnobValues } from '../store/state';
import { firstSummary } from '../store/run';
import { labStore, useLab } from '../store/store';
import type { Summary } from '../types';
import { msg } from './messages';
import { offeredQuestions, pageLanguage, textIn } from './questions';
import { type Predictions, loadPredictions, savePredictions } from './predictions';

interface Verdict {
  correct: boolean;
  truth: { kind: 'choice'; index: number; values: number[] } | { kind: 'number'; value: number };
}

/** Lock the predictions and play the run from its start; resolves with the new run's id. */
function lockAndRun(onRun: (runId: number) => void): void {
  const before = labStore.getState().runId;
  const off = labStore.subscribe(() => {
    const s = labStore.getState();
    if (s.run === 'error') return void off();
    if (s.runId !== before && s.run === 'paused') {
      off();
      onRun(s.runId);
      lab.play();
    }
  });
  lab.reset();
}

export function WorksheetPanel() {
  const preset = useLab(currentPreset);
  const variant = useLab((s) => s.variant ?? currentPreset(s)?.origin?.variant ?? null);
  const knobValues = useLab((s) => s.knobValues);
  const runId = useLab((s) => s.runId);
  const finished = useLab((s) => s.run === 'finished');
  const summary = useLab(firstSummary);
  const name = preset?.name ?? '';
  const [predictions, setPredictions] = useState<Predictions>(() => loadPredictions(name));
  const [lockedRun, setLockedRun] = useState<number | null>(null);
  useEffect(() => {
    setPredictions(loadPredictions(name));
    setLockedRun(null);
  }, [name]);
  const offer = offeredQuestions(preset, variant, defaultKnobValues(preset, variant), knobValues);
  if (offer.withheld !== null) {
    return (
      <p className="worksheet-bar muted" data-testid="worksheet-withheld">
        {msg.withheld(offer.withheld)}
      </p>
    );
  }
  if (offer.questions.length === 0) return null;
  const locked = lockedRun !== null && lockedRun === runId;
  const judged = locked && finished && summary !== null;
  const lang = pageLanguage();
  const predict = (id: string, v: number | null) => {
    const next = { ...predictions };
    if (v === null || !Number.isFinite(v)) delete next[id];
    else next[id] = v;
    setPredictions(next);
    savePredictions(name, next);
  };
  return (
    <section className="worksheet" data-testid="worksheet" data-state={judged ? 'checked' : locked ? 'locked' : 'open'} aria-label={msg.title()}>
      <h2>{msg.title()}</h2>
      <p className="muted worksheet-intro">{msg.intro()}</p>
      <ol className="worksheet-questions">
        {offer.questions.map((q) => (
          <li key={q.id} className="worksheet-question" data-testid={`worksheet-q-${q.id}`}>
            <p className="worksheet-prompt">{textIn(q.prompt, lang)}</p>
            <PredictionInput q={q} lang={lang} value={predictions[q.id]} disabled={locked} onChange={(v) => predict(q.id, v)} />
            <p className="worksheet-answer-space print-only">{msg.answerSpace()}</p>
            {judged && summary && <Check q={q} lang={lang} prediction={predictions[q.id]} summary={summary} />}
          </li>
        ))}
      </ol>
      <div className="worksheet-actions no-print">
        <button type="button" className="primary" data-testid="worksheet-lock" disabled={locked && !finished} onClick={() => lockAndRun(setLockedRun)}>
          {msg.lockAndRun()}
        </button>
        <button
          type="button"
          data-testid="worksheet-clear"
          disabled={locked && !finished}
          onClick={() => {
            setPredictions({});
            savePredictions(name, {});
            setLockedRun(null);
          }}
        >
          {msg.tryAgain()}
        </button>
        <button type="button" data-testid="worksheet-print" onClick={() => window.print()}>
          {msg.print()}
        </button>
        {locked && !finished && <span className="muted" data-testid="worksheet-running">{msg.running()}</span>}
      </div>
    </section>
  );
}

function PredictionInput({ q, lang, value, disabled, onChange }: { q: Question; lang: string; value: number | undefined; disabled: boolean; onChange: (v: number | null) => void }) {
  if (q.number) {
    return (
      <label className="worksheet-number">
        {msg.yourNumber(q.number.unit ?? '')}{' '}
        <input
          type="number"
          data-testid={`worksheet-input-${q.id}`}
          value={value ?? ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      </label>
    );
  }
  return (
    <div className="worksheet-choices" role="radiogroup">
      {q.choices?.map((c, i) => (
        <label key={i}>
          <input type="radio" name={`ws-${q.id}`} data-testid={`worksheet-choice-${q.id}-${i}`} checked={value === i} disabled={disabled} onChange={() => onChange(i)} /> {textIn(c.text, lang)}
        </label>
      ))}
    </div>
  );
}

function Check({ q, lang, prediction, summary }: { q: Question; lang: string; prediction: number | undefined; summary: Summary }) {
  const [verdict, setVerdict] = useState<Verdict | string | null>(null);
  useEffect(() => {
    let live = true;
    void engine().then((w) => {
      let v: Verdict | string;
      try {
        v = JSON.parse(w.worksheet_verdict(JSON.stringify(q), JSON.stringify(summary), prediction ?? Number.NaN)) as Verdict;
      } catch (e) {
        v = msg.checkFailed(e instanceof Error ? e.message : String(e));
      }
      if (live) setVerdict(v);
    });
    return () => {
      live = false;
    };
  }, [q, summary, prediction]);
  if (verdict === null) return null;
  if (typeof verdict === 'string') return <p className="error">{verdict}</p>;
  const t = verdict.truth;
  const ran =
    t.kind === 'number'
      ? msg.runGave(formatReading(t.value, q.number?.unit ?? ''))
      : msg.runChoice(textIn(q.choices![t.index]!.text, lang), t.values.map((v) => formatReading(v)).join(' / '));
  const state = prediction === undefined ? 'none' : verdict.correct ? 'right' : 'wrong';
  return (
    <div className={`worksheet-check ${state}`} data-testid={`worksheet-check-${q.id}`} data-result={state}>
      <p>
        <strong>{prediction === undefined ? msg.noPrediction() : verdict.correct ? msg.right() : msg.wrong()}</strong> {ran}
      </p>
      <p className="worksheet-explanation">
        <strong>{msg.explanation()}:</strong> {textIn(q.explanation, lang)}
      </p>
    </div>
  );
}
