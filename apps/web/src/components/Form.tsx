import type { FormHTMLAttributes } from 'react';

/** A form the app submits itself: `onSubmit` gets the form (for its FormData), the browser loads nothing. */
export function Form({
  onSubmit,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit(form: HTMLFormElement): unknown }) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(e.currentTarget);
      }}
    />
  );
}
