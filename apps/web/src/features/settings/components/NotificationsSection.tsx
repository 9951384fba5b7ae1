import type { Locale } from '@countersign/schemas';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { LanguageOptions } from '../../../components/LanguageOptions.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { usePreferences, useUpdatePreferences } from '../api/settings.ts';

/**
 * The signed-in member's own emails: told when a session they sent completes or is declined, and in which
 * language. Every member sets their own; nobody else can.
 */
export function NotificationsSection() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const data = preferences.data;
  return (
    <>
      {preferences.isPending ? <Loading /> : null}
      <ErrorNotice error={preferences.error} />
      {data ? (
        <Form
          key={`${data.outcomeEmails}${data.emailLocale ?? ''}`}
          className="card stack"
          aria-labelledby="notifications-title"
          onSubmit={(form) => {
            const values = new FormData(form);
            const locale = String(values.get('emailLocale') ?? '');
            update.mutate({
              outcomeEmails: values.get('outcomeEmails') === 'on',
              emailLocale: locale ? (locale as Locale) : null,
            });
          }}
        >
          <h2 id="notifications-title">Your emails</h2>
          <label className="check">
            <input type="checkbox" name="outcomeEmails" defaultChecked={data.outcomeEmails} />
            Email me when a session I sent completes or is declined
          </label>
          <Field label="Language of these emails">
            <select name="emailLocale" defaultValue={data.emailLocale ?? ''}>
              <LanguageOptions none="The account's default" />
            </select>
          </Field>
          <p>
            <button type="submit" className="primary" disabled={update.isPending}>
              Save my emails
            </button>
          </p>
          {update.isSuccess ? <p role="status">Saved.</p> : null}
          <ErrorNotice error={update.error} inline />
        </Form>
      ) : null}
    </>
  );
}
