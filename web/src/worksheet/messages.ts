// Every string the worksheet panel shows (issue 32 part 3), as Lingui messages (issue 31 §1,
// docs/i18n.md). The questions themselves are the preset's own text (public/scenarios).
import { i18n } from '../i18n/i18n';

export const msg = {
  title: () => i18n._({ id: 'worksheet.title', message: 'Worksheet: predict, run, explain' }),
  intro: () => i18n._({ id: 'worksheet.intro', message: 'Answer each question before the run. Lock your predictions to run the scenario from the start; the run then checks them.' }),
  withheld: (why: string) => i18n._({ id: 'worksheet.withheld', message: 'No worksheet: {why}.', values: { why } }),
  edited: () => i18n._({ id: 'worksheet.edited', message: 'the questions are written for the preset as written, and this scenario was edited' }),
  shared: () => i18n._({ id: 'worksheet.shared', message: 'the questions are written for the preset as written, and this is a scenario from a shared link' }),
  knobIs: (knob: string, value: string, unit: string) =>
    unit
      ? i18n._({ id: 'worksheet.knob-is-unit', message: '{knob} is {value} {unit}', values: { knob, value, unit } })
      : i18n._({ id: 'worksheet.knob-is', message: '{knob} is {value}', values: { knob, value } }),
  listSep: () => i18n._({ id: 'tour.why-sep', message: '; ' }),
  knobMoved: (what: string) => i18n._({ id: 'worksheet.knob-moved', message: 'the questions are written for other knob settings: {what}', values: { what } }),
  yourNumber: (unit: string) =>
    unit
      ? i18n._({ id: 'worksheet.your-number-unit', message: 'Your prediction ({unit})', values: { unit } })
      : i18n._({ id: 'worksheet.your-number', message: 'Your prediction' }),
  lockAndRun: () => i18n._({ id: 'worksheet.lock-and-run', message: 'Lock predictions and run' }),
  locked: () => i18n._({ id: 'worksheet.locked', message: 'Locked: your prediction was made before this run.' }),
  running: () => i18n._({ id: 'worksheet.running', message: 'Running… the answer comes at the end of the run.' }),
  right: () => i18n._({ id: 'worksheet.right', message: 'Right.' }),
  wrong: () => i18n._({ id: 'worksheet.wrong', message: 'Not quite.' }),
  noPrediction: () => i18n._({ id: 'worksheet.no-prediction', message: 'No prediction was locked for this run.' }),
  runGave: (value: string) => i18n._({ id: 'worksheet.run-gave', message: 'The run gave {value}.', values: { value } }),
  runChoice: (choice: string, values: string) => i18n._({ id: 'worksheet.run-choice', message: 'The run says: {choice} ({values}).', values: { choice, values } }),
  explanation: () => i18n._({ id: 'worksheet.explanation', message: 'Why' }),
  tryAgain: () => i18n._({ id: 'worksheet.try-again', message: 'Clear predictions' }),
  checkFailed: (why: string) => i18n._({ id: 'worksheet.check-failed', message: 'Could not check this question: {why}', values: { why } }),
  print: () => i18n._({ id: 'worksheet.print', message: 'Print worksheet' }),
  answerSpace: () => i18n._({ id: 'worksheet.answer-space', message: 'Your answer and why:' }),
};
