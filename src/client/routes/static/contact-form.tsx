import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { CONTACT_LIMITS, TIMERS_MS, TURNSTILE_FIELD } from '#shared/constants';
import type { ContactForm as Input } from '#shared/schemas/contact';
import { contact } from '#shared/endpoints/site';
import { call } from '../../api/client';
import { useErrorText } from '../../errors';
import { authApi } from '../../features/auth/auth-api';
import { describedBy, Field } from '../../features/auth/field';
import { Turnstile } from '../../features/auth/turnstile';
import { useT } from '../../i18n';

type State = 'idle' | 'sent';

/**
 * The rules (zod and the shared schema) load when the visitor first reaches into the form, not with the page:
 * building them is a long task on a phone, and the page is read far more often than it is filled in.
 */
let rules: Promise<Resolver<Input>> | undefined;
const loadRules = () => (rules ??= import('./contact-validation').then((m) => m.contactResolver as Resolver<Input>));
const resolver: Resolver<Input> = async (values, context, options) => (await loadRules())(values, context, options);

const EMPTY: Input = { name: '', email: '', subject: '', message: '' };

/** The contact form: all four fields required; 'Message Sent!' for 3 seconds, then a fresh form; an alert on failure. */
export function ContactForm() {
  const t = useT('contact');
  const msg = useT('msg');
  const errorText = useErrorText();
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState('');
  const [botToken, setBotToken] = useState('');
  const [resetBot, setResetBot] = useState(0);
  const bot = useQuery({ queryKey: ['turnstile-config'], queryFn: () => authApi.turnstileConfig(), staleTime: Infinity });
  const botOn = Boolean(bot.data?.enabled && bot.data.siteKey);

  const { register, handleSubmit, reset, formState } = useForm<Input>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (state !== 'sent') return;
    const id = window.setTimeout(() => {
      reset(EMPTY);
      setState('idle');
    }, TIMERS_MS.contactSuccess);
    return () => window.clearTimeout(id);
  }, [state, reset]);

  const submit = handleSubmit(async (values) => {
    setError('');
    if (botOn && !botToken) {
      setError(msg('securityVerification'));
      return;
    }
    try {
      await call(contact.send, { body: { ...values, [TURNSTILE_FIELD]: botToken || undefined } });
      setState('sent');
    } catch (err) {
      // The refusal's code in the page's language when the server sent one, otherwise the default; never a bare status line.
      setError(errorText(err, msg('contactFailed')));
    } finally {
      // A token is good for one check, sent or not.
      if (botOn) {
        setBotToken('');
        setResetBot((n) => n + 1);
      }
    }
  });

  if (state === 'sent') {
    return (
      <div role="status" data-testid="contact-success" className="flex min-h-[30rem] flex-col items-center justify-center gap-4 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-400/15 text-emerald-300">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <p className="text-2xl font-semibold text-ink-100">{msg('messageSent')}</p>
        <p className="text-ink-300">{msg('contactReply')}</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} onFocus={() => void loadRules()} noValidate className="space-y-5" aria-label={t('formLabel')} data-testid="contact-form">
      {error && (
        <p role="alert" data-testid="contact-error" className="flex gap-3 rounded-xl border border-red-500/40 bg-red-950/60 px-4 py-3 text-sm text-red-100">
          <span aria-hidden="true" className="font-bold">
            !
          </span>
          {error}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label={t('fullName')} error={errors.name?.message}>
          <input
            id="contact-name"
            className="input"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            {...describedBy('contact-name', errors.name?.message)}
            {...register('name')}
          />
        </Field>
        <Field id="contact-email" label={t('emailAddress')} error={errors.email?.message}>
          <input id="contact-email" type="email" className="input" autoComplete="email" {...describedBy('contact-email', errors.email?.message)} {...register('email')} />
        </Field>
      </div>
      <Field id="contact-subject" label={t('subject')} error={errors.subject?.message}>
        <input id="contact-subject" className="input" maxLength={CONTACT_LIMITS.subject} {...describedBy('contact-subject', errors.subject?.message)} {...register('subject')} />
      </Field>
      <Field id="contact-message" label={t('message')} error={errors.message?.message}>
        <textarea
          id="contact-message"
          rows={7}
          className="input min-h-[10rem] resize-y leading-relaxed"
          maxLength={CONTACT_LIMITS.message}
          {...describedBy('contact-message', errors.message?.message)}
          {...register('message')}
        />
      </Field>
      {botOn && bot.data?.siteKey && <Turnstile siteKey={bot.data.siteKey} onToken={setBotToken} resetKey={resetBot} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-400">{t('allRequired')}</p>
        <button type="submit" className="btn-primary px-6 py-2.5" disabled={isSubmitting}>
          {isSubmitting ? msg('sendingMessage') : msg('sendMessage')}
        </button>
      </div>
    </form>
  );
}
