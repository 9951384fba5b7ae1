import type { TemplateSummary } from '@countersign/schemas';
import { TEMPLATE_TAG_MAX_LENGTH, TEMPLATE_TAGS_MAX } from '@countersign/schemas/limits';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { useSetTemplateTags } from '../api/templates.ts';
import { parseTags } from '../find.ts';

/**
 * A template's tags in the list, and "Edit tags", which turns the cell into a one-line form: the tags comma
 * separated, Save and Cancel (Escape too). Focus goes into the input, and back to "Edit tags" when done.
 */
export function TagsCell({ template }: { template: TemplateSummary }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const save = useSetTemplateTags();
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const backToButton = useRef(false);
  const hint = useId();

  useEffect(() => {
    if (editing) input.current?.focus();
    else if (backToButton.current) {
      backToButton.current = false;
      button.current?.focus();
    }
  }, [editing]);

  const close = () => {
    backToButton.current = true;
    save.reset();
    setEditing(false);
  };

  if (editing) {
    return (
      <Form
        className="stack tags-form"
        aria-label={`Tags of ${template.name}`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          }
        }}
        onSubmit={() =>
          save.mutate({ templateId: template.templateId, tags: parseTags(text) }, { onSuccess: close })
        }
      >
        <Field label="Tags (comma separated)">
          <input
            ref={input}
            name="tags"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            aria-describedby={hint}
          />
        </Field>
        <span className="muted hint" id={hint}>
          Up to {TEMPLATE_TAGS_MAX} tags, each up to {TEMPLATE_TAG_MAX_LENGTH} characters.
        </span>
        <span className="row">
          <button type="submit" className="small primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="small" onClick={close}>
            Cancel
          </button>
        </span>
        <ErrorNotice error={save.error} />
      </Form>
    );
  }
  return (
    <span className="tags-cell">
      {template.tags.length > 0 ? (
        <ul className="tags" aria-label={`Tags of ${template.name}`}>
          {template.tags.map((tag) => (
            <li key={tag} className="badge">
              {tag}
            </li>
          ))}
        </ul>
      ) : (
        <span className="muted">No tags</span>
      )}
      <button
        ref={button}
        type="button"
        className="small"
        onClick={() => {
          setText(template.tags.join(', '));
          setEditing(true);
        }}
      >
        Edit tags<span className="visually-hidden"> {template.name}</span>
      </button>
    </span>
  );
}
