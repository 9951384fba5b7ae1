import type { Branding, BrandingUpdateRequest, Locale } from '@countersign/schemas';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { LanguageOptions } from '../../../components/LanguageOptions.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { OwnerSave } from '../../../components/OwnerSave.tsx';
import { useBranding, useUpdateBranding } from '../api/settings.ts';

/** A chosen PNG or JPEG as the API takes it; the server checks the type, size and image itself. */
async function logoOf(file: File): Promise<NonNullable<BrandingUpdateRequest['logo']>> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { contentType: file.type as 'image/png' | 'image/jpeg', base64: btoa(binary) };
}

/** The signing page's and emails' look, who may frame the page, and the default language. */
export function BrandingForm({ canAdminister }: { canAdminister: boolean }) {
  const branding = useBranding();
  const update = useUpdateBranding();
  if (branding.isPending) return <Loading />;
  if (!branding.data) return <ErrorNotice error={branding.error} />;
  return (
    <EditBranding
      key={JSON.stringify(branding.data)}
      branding={branding.data}
      canAdminister={canAdminister}
      update={update}
    />
  );
}

function EditBranding({
  branding,
  canAdminister,
  update,
}: {
  branding: Branding;
  canAdminister: boolean;
  update: ReturnType<typeof useUpdateBranding>;
}) {
  const [color, setColor] = useState(branding.accentColor ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);

  return (
    <Form
      className="card stack"
      aria-labelledby="branding-title"
      onSubmit={async (form) => {
        const data = new FormData(form);
        const origins = String(data.get('frameOrigins') ?? '')
          .split(/\s+/)
          .filter(Boolean);
        const locale = String(data.get('defaultLocale') ?? '');
        const patch: BrandingUpdateRequest = {
          accentColor: color.trim() || null,
          frameOrigins: origins,
          defaultLocale: locale ? (locale as Locale) : null,
        };
        if (logo) patch.logo = await logoOf(logo);
        else if (removeLogo) patch.logo = null;
        update.mutate(patch);
      }}
    >
      <h2 id="branding-title">Signing page and emails</h2>
      <fieldset disabled={!canAdminister} className="stack plain">
        <legend className="visually-hidden">Branding</legend>
        <div className="field">
          <label htmlFor="accent-color">Accent colour (#rrggbb; empty: the default blue)</label>
          <div className="row">
            <input
              id="accent-color"
              value={color}
              onChange={(e) => setColor(e.target.value)}
              pattern="#[0-9a-fA-F]{6}"
              placeholder="#0f766e"
              maxLength={7}
              aria-describedby="accent-help"
            />
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#1d4ed8'}
              onChange={(e) => setColor(e.target.value)}
            />
          </div>
          <p id="accent-help" className="muted">
            White text sits on it, so it needs 4.5:1 contrast against white.
          </p>
        </div>
        <div className="field">
          <span id="logo-label">Logo (PNG or JPEG, at most 100 KB, shown 32 px high)</span>
          {branding.logoUrl && !removeLogo ? (
            <div className="row">
              <img src={branding.logoUrl} alt="Current logo" height={32} />
              <button type="button" className="small" onClick={() => setRemoveLogo(true)}>
                Remove logo
              </button>
            </div>
          ) : null}
          <input
            type="file"
            accept="image/png,image/jpeg"
            aria-labelledby="logo-label"
            onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
          />
        </div>
        <Field label="Default language (sends without a locale; a template's own default comes first)">
          <select name="defaultLocale" defaultValue={branding.defaultLocale ?? ''}>
            <LanguageOptions none="The signer's browser" />
          </select>
        </Field>
        <Field label="Origins allowed to embed the signing page (one per line, like https://app.example.com)">
          <textarea name="frameOrigins" rows={3} defaultValue={branding.frameOrigins.join('\n')} />
        </Field>
      </fieldset>
      <OwnerSave canAdminister={canAdminister} save={update} label="Save branding" saved="Branding saved." />
    </Form>
  );
}
