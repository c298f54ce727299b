// The header's language picker: switches the page's language in place (no reload, the run goes
// on) and keeps the choice in `?lang=` (i18n.ts).
import { useLingui } from '@lingui/react';
import { LANGS, LANG_NAMES, type Lang } from './lang';
import { setLang } from './i18n';

export function LanguagePicker() {
  const { i18n } = useLingui();
  return (
    <label className="lang-picker">
      <span className="sr-only">{i18n._({ id: 'chrome.language', message: 'Language' })}</span>
      <select
        data-testid="lang-picker"
        value={i18n.locale}
        onChange={(e) => void setLang(e.target.value as Lang)}
      >
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l === 'zh' ? 'zh-Hans' : l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
