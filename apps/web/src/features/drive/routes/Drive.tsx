import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { confirmColumn } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { PdfFilesField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { type DriveFile, useDeleteFile, useDriveFiles, useUploadFiles } from '../api/drive.ts';
import { DriveConnection } from '../components/DriveConnection.tsx';

export default function Drive() {
  const files = useDriveFiles();
  const upload = useUploadFiles();
  const remove = useDeleteFile();
  const [chosen, setChosen] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const failure = [upload, remove].find((m) => m.isError)?.error;

  return (
    <main className="page" id="main">
      <h1>Drive</h1>
      <DriveConnection />

      <Form
        className="card stack"
        aria-labelledby="drive-upload"
        onSubmit={() =>
          upload.mutate(chosen, {
            onSuccess: () => {
              setChosen([]);
              setInputKey((k) => k + 1);
            },
          })
        }
      >
        <h2 id="drive-upload">Upload PDFs</h2>
        <div className="row">
          <PdfFilesField key={inputKey} onFiles={setChosen} />
          <button type="submit" className="primary" disabled={upload.isPending || chosen.length === 0}>
            {upload.isPending ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </Form>
      <ErrorNotice error={failure} />

      <h2>Files</h2>
      <QueryTable
        query={files}
        rows={files.data?.files}
        rowKey={(f) => f.cloudFileId}
        columns={[
          { label: 'File', cell: (f) => f.filename },
          {
            label: 'cloudFileId',
            cell: (f) => (
              <>
                <code>{f.cloudFileId}</code> <CopyButton text={f.cloudFileId} label="Copy" />
              </>
            ),
          },
          { label: 'Size', cell: (f) => formatBytes(f.size) },
          { label: 'Uploaded', cell: (f) => formatDateTime(f.createdAt) },
          confirmColumn('Delete', (f: DriveFile) => ({
            subject: f.filename,
            question: `Delete ${f.filename}?`,
            onConfirm: () => remove.mutate(f.cloudFileId),
          })),
        ]}
      >
        No files yet.
      </QueryTable>
    </main>
  );
}
