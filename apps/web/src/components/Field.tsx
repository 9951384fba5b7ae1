import type { InputHTMLAttributes, ReactNode } from 'react';

/** A control with its label above it (`.field` in styles.css); the label names the control. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children` (an input, select or textarea)
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** The "From" and "To" days of a filter form (inputs `from` and `to`, yyyy-mm-dd, both inclusive). */
export function DayRangeFields({ from, to }: { from?: string | undefined; to?: string | undefined }) {
  return (
    <>
      <Field label="From">
        <input type="date" name="from" defaultValue={from} />
      </Field>
      <Field label="To">
        <input type="date" name="to" defaultValue={to} />
      </Field>
    </>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

/** A text input whose value the caller keeps: `onValue` gets the text as typed. */
export function TextField({
  label,
  value,
  onValue,
  ...input
}: InputProps & { label: ReactNode; value: string; onValue(value: string): void }) {
  return (
    <Field label={label}>
      <input {...input} value={value} onChange={(e) => onValue(e.target.value)} />
    </Field>
  );
}

/** "PDF files": one or more PDFs to upload, handed to `onFiles` as chosen. */
export function PdfFilesField({ onFiles, ...input }: InputProps & { onFiles(files: File[]): void }) {
  return (
    <Field label="PDF files">
      <input
        {...input}
        type="file"
        accept="application/pdf,.pdf"
        multiple
        required
        onChange={(e) => onFiles([...(e.target.files ?? [])])}
      />
    </Field>
  );
}
