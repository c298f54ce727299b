// Every string the worksheet panel shows (issue 32 part 3), in one place for the Lingui
// catalogs (the lead moves them at merge time). Plain functions returning English.
export const msg = {
  title: () => 'Worksheet: predict, run, explain',
  intro: () => 'Answer each question before the run. Lock your predictions to run the scenario from the start; the run then checks them.',
  withheld: (why: string) => `No worksheet: ${why}.`,
  edited: () => 'the questions are written for the preset as written, and this scenario was edited',
  shared: () => 'the questions are written for the preset as written, and this is a scenario from a shared link',
  knobMoved: (what: string) => `the questions are written for other knob settings: ${what}`,
  yourNumber: (unit: string) => (unit ? `Your prediction (${unit})` : 'Your prediction'),
  lockAndRun: () => 'Lock predictions and run',
  locked: () => 'Locked: your prediction was made before this run.',
  running: () => 'Running… the answer comes at the end of the run.',
  right: () => 'Right.',
  wrong: () => 'Not quite.',
  noPrediction: () => 'No prediction was locked for this run.',
  runGave: (value: string) => `The run gave ${value}.`,
  runChoice: (choice: string, values: string) => `The run says: ${choice} (${values}).`,
  explanation: () => 'Why',
  tryAgain: () => 'Clear predictions',
  checkFailed: (why: string) => `Could not check this question: ${why}`,
  print: () => 'Print worksheet',
  answerSpace: () => 'Your answer and why:',
};
