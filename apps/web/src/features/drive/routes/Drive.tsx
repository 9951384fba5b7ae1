import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { confirmColumn } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { PdfFilesField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import {
  type DriveFile,
  useConnectGoogle,
  useDeleteFile,
  useDisconnect,
  useDriveConnection,
  useDriveFiles,
  useUploadFiles,
} from '../api/drive.ts';

export default function Drive() {
  const files = useDriveFiles();
  const connection = useDriveConnection();
  const upload = useUploadFiles();
  const remove = useDeleteFile();
  const connect = useConnectGoogle();
  const disconnect = useDisconnect();
  const [chosen, setChosen] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const failure = [upload, remove, connect, disconnect].find((m) => m.isError)?.error;
  // Where Google's consent page sends the browser back (through the API's callback).
  const params = new URLSearchParams(location.search);
  const oauthError = params.get('error') ? (params.get('message') ?? params.get('error')) : null;

  return (
    <main className="page" id="main">
      <h1>Drive</h1>
      {params.get('connected') === 'gdrive' ? (
        <p className="notice ok" role="status">
          Google Drive is connected.
        </p>
      ) : null}
      {oauthError ? (
        <p className="notice error" role="alert">
          Google Drive was not connected: {oauthError}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="drive-connection">
        <h2 id="drive-connection">Connected drive</h2>
        {connection.isPending ? <Loading /> : null}
        {connection.data?.provider === 'gdrive' ? (
          <div className="row">
            <p>
              Google Drive{connection.data.account ? ` (${connection.data.account})` : ''}: sends read files
              by their Google Drive file id.
            </p>
            <button type="button" className="danger" onClick={() => disconnect.mutate()}>
              Disconnect
            </button>
          </div>
        ) : connection.data ? (
          <div className="row">
            <p>The built-in drive: upload PDFs here and send them by their cloudFileId.</p>
            {connection.data.googleOauthAvailable ? (
              <button
                type="button"
                onClick={() =>
                  connect.mutate(undefined, { onSuccess: (r) => location.assign(r.authorizationUrl) })
                }
              >
                Connect Google Drive
              </button>
            ) : null}
          </div>
        ) : null}
        <ErrorNotice error={connection.error} />
      </section>

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
