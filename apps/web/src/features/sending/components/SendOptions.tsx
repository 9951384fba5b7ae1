import {
  EXPIRES_IN_DAYS_MAX,
  EXPIRES_IN_DAYS_MIN,
  MESSAGE_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from '@countersign/schemas/limits';
import { LanguageOptions } from '../../../components/LanguageOptions.tsx';
import { RadioGroup } from '../../../components/RadioGroup.tsx';
import type { SendOptions } from '../send-options.ts';

type Props = { form: SendOptions; onChange(patch: Partial<SendOptions>): void };

/** How the recipients sign and are verified. */
export function SigningOptions({ form, onChange }: Props) {
  return (
    <fieldset className="card stack">
      <legend className="legend-title">Signing</legend>
      <div className="row options">
        <RadioGroup
          legend="Order"
          name="signingType"
          value={form.signingType}
          onChange={(signingType) => onChange({ signingType })}
          choices={[
            { value: 'parallel', label: 'All at once' },
            { value: 'sequential', label: 'One after another', hint: '(in the order of the list below)' },
          ]}
        />
        <RadioGroup
          legend="Verification"
          name="authRequirement"
          value={form.authRequirement}
          onChange={(authRequirement) => onChange({ authRequirement })}
          choices={[
            { value: 'otp', label: 'A one-time code by email' },
            {
              value: 'public',
              label: 'None',
              hint: '(anyone with the link can sign in the recipient’s name)',
            },
          ]}
        />
      </div>
    </fieldset>
  );
}

/**
 * How the recipients hear of it: emails or links to hand out; the language and the expiry. `emailText`: the
 * subject, message and reminders too (a template send takes them; the own-documents send does not).
 * `languageDefault`: what no language choice means on this page.
 */
export function DeliveryOptions({
  form,
  onChange,
  emailText,
  languageDefault,
}: Props & { emailText: boolean; languageDefault: string }) {
  return (
    <fieldset className="card stack">
      <legend className="legend-title">Delivery</legend>
      <RadioGroup
        legend="Invites"
        name="notify"
        value={form.notify ? 'email' : 'links'}
        onChange={(v) => onChange({ notify: v === 'email' })}
        choices={[
          { value: 'email', label: 'Email each recipient their link' },
          { value: 'links', label: 'Show me the links to share myself', hint: '(no emails)' },
        ]}
      />
      {form.notify && emailText ? (
        <>
          <label className="field">
            <span>Subject (empty: the usual one)</span>
            <input
              value={form.subject}
              maxLength={TEXT_MAX_LENGTH}
              onChange={(e) => onChange({ subject: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Message</span>
            <textarea
              value={form.message}
              maxLength={MESSAGE_MAX_LENGTH}
              onChange={(e) => onChange({ message: e.target.value })}
            />
          </label>
        </>
      ) : null}
      <div className="row">
        <label className="field">
          <span>Language</span>
          <select
            value={form.locale}
            onChange={(e) => onChange({ locale: e.target.value as SendOptions['locale'] })}
          >
            <LanguageOptions none={languageDefault} />
          </select>
        </label>
        <label className="field">
          <span>Expires after (days)</span>
          <input
            type="number"
            inputMode="numeric"
            min={EXPIRES_IN_DAYS_MIN}
            max={EXPIRES_IN_DAYS_MAX}
            required
            value={form.expiresInDays}
            onChange={(e) => onChange({ expiresInDays: e.target.value })}
          />
        </label>
      </div>
      {emailText ? (
        <label className="check">
          <input
            type="checkbox"
            checked={form.remindersEnabled}
            onChange={(e) => onChange({ remindersEnabled: e.target.checked })}
          />
          Email reminders before it expires
        </label>
      ) : null}
      {emailText && form.remindersEnabled ? (
        <label className="field">
          <span>Days before expiry (for example 7, 2)</span>
          <input
            value={form.reminderDays}
            inputMode="numeric"
            onChange={(e) => onChange({ reminderDays: e.target.value })}
          />
        </label>
      ) : null}
    </fieldset>
  );
}
