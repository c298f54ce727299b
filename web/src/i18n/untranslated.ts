// What may stay in Latin letters on a Chinese or Japanese page (issue 31 §1): algorithm and
// protocol names, units and symbols a networking teacher writes as they are. Kept short and
// explicit: the catalog test (catalogs.test.ts) and the language e2e (e2e/i18n.spec.ts) read it.
export const ALLOWED_LATIN = [
  // protocols and algorithms
  'TCP', 'QUIC', 'MPTCP', 'CUBIC', 'Reno', 'BBR', 'BBRv1', 'BBRv2', 'BBQ', 'DA-BBR', 'BBR-A', 'ECF', 'ECF-3', 'FSFS',
  'quic-go', 'mptcp_ecf.c', 'TcpBbr', 'NewReno', 'DropTail', 'CoDel', 'FQ-CoDel', 'RED', 'PIE', 'LIA', 'AQM', 'RFC', 'MAVLink', 'minRTT', 'RTT', 'sRTT', 'RTO', 'ECN', 'ACK', 'SACK', 'RACK', 'TLP', 'PRR', 'HyStart', 'FIFO', 'BDP', 'CDF', 'FCT',
  'CSV', 'JSON', 'SVG', 'PNG', 'URL', 'iframe', 'CLI', 'A/B', 'Jain', 'NetLab', 'ns-3', 'Linux', 'Python', 'cwnd', 'ssthresh', 'Wi-Fi', 'LTE',
  // terms Chinese and Japanese BBR texts keep in Latin (docs/glossary.md: 发送节奏控制（pacing）),
  // the BBR-A symbols, and a JSON field name the editor shows as written
  'pacing', 'P_up', 'P_down', 'drops',
  // the names a scenario file uses for algorithms, which the editor shows as written
  'cc', 'lia', 'abs', 'wfq', 'wfq-spread', 'wfq-bytes', 'fsfs',
  // keys
  'Esc', 'Enter', 'Shift',
  // units and symbols
  'Mbit/s', 'kbit/s', 'Gbit/s', 'bit/s', 'ms', 's', 'µs', 'MB', 'kB', 'KB', 'B', 'x', 'vs',
] as const;

const allowed = new Set<string>(ALLOWED_LATIN.map((w) => w.toLowerCase()));

/**
 * The words of `text` (two or more Latin letters) that are neither a placeholder (`{name}`), a
 * test id, nor on the allow-list: what a reader of a zh/ja page would see as English.
 */
export function englishWords(text: string): string[] {
  const stripped = text.replace(/\{[^}]*\}/g, ' ');
  const words = stripped.match(/[A-Za-z][A-Za-z0-9/._-]*[A-Za-z0-9]/g) ?? [];
  // A word with `_`, `.` or `/` inside is a field name or a file path (cc_params, tcp.ecn,
  // docs/model/aqm.md): code, written the same in every language.
  return words.filter((w) => !allowed.has(w.toLowerCase()) && !/^[A-Z0-9_./-]+$/.test(w) && !/\d/.test(w) && !/[A-Za-z0-9][_./][A-Za-z0-9]/.test(w));
}
