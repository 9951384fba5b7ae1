import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import {
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

      <form
        className="card stack"
        aria-labelledby="drive-upload"
        onSubmit={(e) => {
          e.preventDefault();
          upload.mutate(chosen, {
            onSuccess: () => {
              setChosen([]);
              setInputKey((k) => k + 1);
            },
          });
        }}
      >
        <h2 id="drive-upload">Upload PDFs</h2>
        <div className="row">
          <label className="field">
            <span>PDF files</span>
            <input
              key={inputKey}
              type="file"
              accept="application/pdf,.pdf"
              multiple
              required
              onChange={(e) => setChosen([...(e.target.files ?? [])])}
            />
          </label>
          <button type="submit" className="primary" disabled={upload.isPending || chosen.length === 0}>
            {upload.isPending ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </form>
      <ErrorNotice error={failure} />

      <h2>Files</h2>
      {files.isPending ? <Loading /> : null}
      <ErrorNotice error={files.error} />
      {files.data?.files.length === 0 ? <p className="muted">No files yet.</p> : null}
      {files.data?.files.length ? (
        <table className="responsive">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">cloudFileId</th>
              <th scope="col">Size</th>
              <th scope="col">Uploaded</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.data.files.map((f) => (
              <tr key={f.cloudFileId}>
                <td data-label="File">{f.filename}</td>
                <td data-label="cloudFileId">
                  <code>{f.cloudFileId}</code> <CopyButton text={f.cloudFileId} label="Copy" />
                </td>
                <td data-label="Size">{formatBytes(f.size)}</td>
                <td data-label="Uploaded">{formatDateTime(f.createdAt)}</td>
                <td data-label="Actions">
                  <button
                    type="button"
                    className="small danger"
                    onClick={() => {
                      if (confirm(`Delete ${f.filename}?`)) remove.mutate(f.cloudFileId);
                    }}
                  >
                    Delete <span className="visually-hidden">{f.filename}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </main>
  );
}
