import { useState } from 'react';
import { dataExport } from '#shared/endpoints/data-export';
import { callFile } from '#client/api/client';
import { saveFile } from '#client/api/save-file';
import { useErrorText } from '#client/errors';
import { useT } from '#client/i18n';
import { FormStatus } from '../../auth/form-status';
import { useStepUp } from './step-up';

/**
 * "Your data" (issue 36, decision 199): everything the site holds about the account as a JSON file, behind "Confirm
 * it's you"; the account is mailed each time. Above the account's deletion, where a copy is looked for before leaving.
 */
export function YourDataSection() {
  const t = useT('account');
  const errorText = useErrorText();
  const [error, setError] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const stepUp = useStepUp((err) => setError(errorText(err, t('dataFailed'))), { password: t('dataStepUpPassword'), code: t('dataStepUpCode') });

  const download = () => {
    setError('');
    setSaved(null);
    void stepUp.act(async () => {
      const { blob, fileName } = await callFile(dataExport.download);
      const name = fileName ?? 'stealth-browser-data.json';
      saveFile(blob, name);
      setSaved(name);
    });
  };

  return (
    <section aria-labelledby="your-data-heading" className="rounded-xl border border-ink-700 bg-ink-850/40 p-5">
      <h3 id="your-data-heading" className="text-base font-semibold text-ink-100">
        {t('dataTitle')}
      </h3>
      <p className="mt-2 text-sm text-ink-300">{t('dataIntro')}</p>
      <p className="mt-2 text-sm text-ink-400">{t('dataSafe')}</p>
      <div className="mt-4 space-y-3">
        {stepUp.form}
        <FormStatus error={error} success={saved ? t('dataDone', { file: saved }) : undefined} />
        {/* While "Confirm it's you" is open, its Confirm makes the download. */}
        {!stepUp.form && (
          <button type="button" className="btn-secondary" onClick={download} disabled={stepUp.busy}>
            {stepUp.busy ? t('dataPreparing') : t('dataButton')}
          </button>
        )}
      </div>
    </section>
  );
}
