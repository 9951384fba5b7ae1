import type { ReactNode } from 'react';

/**
 * A destructive action on one item of a list: asks first, and names the item to screen readers ("Delete
 * invoice.pdf"), since every row has a button with the same visible text.
 */
export function ConfirmButton({
  children,
  subject,
  question,
  onConfirm,
  disabled,
}: {
  children: ReactNode;
  /** The item, read after the visible text. */
  subject: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="small danger"
      disabled={disabled}
      onClick={() => {
        if (confirm(question)) onConfirm();
      }}
    >
      {children} <span className="visually-hidden">{subject}</span>
    </button>
  );
}
