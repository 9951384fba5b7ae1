import { Field } from '../../../components/Field.tsx';
import { RadioGroup } from '../../../components/RadioGroup.tsx';
import type { DriveFile } from '../../drive/api/drive.ts';
import type { DocumentsForm } from '../documents-form.ts';

/** The PDFs to send (chosen on this device, picked from the account's drive, or both) and who places fields. */
export function DocumentsFieldset({
  files,
  driveFileIds,
  fieldsBy,
  onFiles,
  onDriveFiles,
  onFieldsBy,
}: {
  /** The account drive's files to pick from. */
  files: DriveFile[];
  driveFileIds: string[];
  fieldsBy: DocumentsForm['fieldsBy'];
  onFiles(files: File[]): void;
  onDriveFiles(ids: string[]): void;
  onFieldsBy(by: DocumentsForm['fieldsBy']): void;
}) {
  return (
    <fieldset className="card stack">
      <legend className="legend-title">Documents</legend>
      <Field label="PDF files from this device">
        <input
          name="files"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          onChange={(e) => onFiles([...(e.target.files ?? [])])}
        />
      </Field>
      {files.length > 0 ? (
        <fieldset className="choices drive-picks">
          <legend>Or from the drive</legend>
          {files.map((f) => (
            <label key={f.cloudFileId} className="check">
              <input
                type="checkbox"
                value={f.cloudFileId}
                checked={driveFileIds.includes(f.cloudFileId)}
                onChange={(e) =>
                  onDriveFiles(
                    e.target.checked
                      ? [...driveFileIds, f.cloudFileId]
                      : driveFileIds.filter((id) => id !== f.cloudFileId),
                  )
                }
              />
              {f.filename}
            </label>
          ))}
        </fieldset>
      ) : null}
      <RadioGroup
        legend="Fields"
        name="fieldsBy"
        value={fieldsBy}
        onChange={onFieldsBy}
        choices={[
          {
            value: 'countersign',
            label: 'Countersign places them',
            hint: '(a signature page for the recipients and their initials on every page)',
          },
          {
            value: 'designer',
            label: 'I place them',
            hint: '(next, in the designer: signatures, dates, text and more, each for a recipient)',
          },
        ]}
      />
    </fieldset>
  );
}
