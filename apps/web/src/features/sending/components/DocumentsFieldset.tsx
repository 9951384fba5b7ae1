import { Field } from '../../../components/Field.tsx';
import { useDriveFiles } from '../../drive/api/drive.ts';

/** The PDFs to send: chosen on this device, picked from the account's drive, or both. */
export function DocumentsFieldset({
  driveFileIds,
  onFiles,
  onDriveFiles,
}: {
  driveFileIds: string[];
  onFiles(files: File[]): void;
  onDriveFiles(ids: string[]): void;
}) {
  const drive = useDriveFiles();
  const files = drive.data?.files ?? [];
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
      <p className="muted">
        Countersign adds a signature page for the recipients and their initials on every page. To place the
        fields yourself, make a template from the PDFs instead (Templates).
      </p>
    </fieldset>
  );
}
