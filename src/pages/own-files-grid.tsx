import { useState } from 'react';
import { Link } from 'wouter';
import { ExportMenu } from '../app/export-menu';
import { paths, viewerPath } from '../app/routes';
import { formatUploadDate } from '../lib/upload-messages';
import { downloadTla } from '../lib/tla-download';
import { deleteOwnFile, setOwnFilePublic, type OwnFileRow } from '../lib/user-files-api';
import { filesNeedingName } from '../shared/file-names';
import { FileMediaButton } from './file-media-button';
import { DeleteIcon, DownloadIcon, ViewIcon } from './file-action-icons';

/** SPEC.md section 8, word for word. */
const publicFlagError = (id: number) =>
  `Error when changing public status of file '${id}'. If the error persists, you may delete the ` +
  'file and reupload it with the desired public status';

const DELETE_QUESTION = "Do you really want to delete this file? This can't be undone.";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface OwnFilesGridProps {
  rows: OwnFileRow[];
  /** Takes an update, not a list: toggles and deletes of several rows may overlap. */
  updateRows: (update: (rows: OwnFileRow[]) => OwnFileRow[]) => void;
}

/**
 * The dashboard's 'YOUR FILES' grid: one row per file, newest first, as the server lists them.
 * A row whose title does not tell it apart (untitled, or another row's title) also shows the
 * name it was uploaded under. On a phone each row is a card (dashboard-page.css): the title
 * first, then the other fields under their headings, the actions as 40 px targets.
 */
export function OwnFilesGrid({ rows, updateRows }: OwnFilesGridProps) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const togglePublic = async (row: OwnFileRow) => {
    const wanted = !row.isPublic;
    // Shown at once; put back when the server says no.
    const setFlag = (isPublic: boolean) =>
      updateRows((current) => current.map((r) => (r.id === row.id ? { ...r, isPublic } : r)));
    setFlag(wanted);
    mark(row.id, true);
    try {
      await setOwnFilePublic(row.id, wanted);
    } catch {
      setFlag(row.isPublic);
      window.alert(publicFlagError(row.id));
    } finally {
      mark(row.id, false);
    }
  };

  const remove = async (row: OwnFileRow) => {
    if (!window.confirm(DELETE_QUESTION)) return;
    mark(row.id, true);
    try {
      await deleteOwnFile(row.id);
      updateRows((current) => current.filter((r) => r.id !== row.id));
    } catch (error) {
      window.alert(errorText(error));
    } finally {
      mark(row.id, false);
    }
  };

  const download = async (row: OwnFileRow) => {
    try {
      await downloadTla(row.id, row.title);
    } catch (error) {
      window.alert(errorText(error));
    }
  };

  if (rows.length === 0) {
    return (
      <p className="dashboard-muted">
        You have not uploaded any files yet.{' '}
        <Link href={paths.upload}>Upload your first analysis</Link>.
      </p>
    );
  }

  const named = filesNeedingName(rows);
  // What a control's label calls the file: with its file name when its title is not enough.
  const nameOf = (row: OwnFileRow) =>
    named.has(row.id) ? `${row.title} (${row.originalName})` : row.title;

  return (
    <div className="own-files__scroll">
      <table className="own-files card-rows">
        <thead className="card-rows__fixed">
          <tr>
            <th scope="col">TITLE</th>
            <th scope="col">COMPOSER</th>
            <th scope="col">PERFORMER</th>
            <th scope="col" className="own-files__center">
              PUBLIC
            </th>
            <th scope="col">UPLOADED</th>
            <th scope="col" className="own-files__center">
              VIEW
            </th>
            <th scope="col" className="own-files__center">
              DOWNLOAD
            </th>
            <th scope="col" className="own-files__center">
              DELETE
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-file-id={row.id}>
              <td className="own-files__title">
                <span className="file-title">{row.title}</span>
                {named.has(row.id) && <span className="file-name">{row.originalName}</span>}
                <FileMediaButton
                  row={row}
                  name={nameOf(row)}
                  onStored={(withRecording) =>
                    withRecording &&
                    updateRows((current) =>
                      current.map((r) => (r.id === row.id ? { ...r, hasRecording: true } : r)),
                    )
                  }
                />
              </td>
              <td data-label="COMPOSER">{row.composer}</td>
              <td data-label="PERFORMER">{row.performer}</td>
              <td className="own-files__center card-rows__action" data-label="PUBLIC">
                <label className="check-target">
                  <input
                    type="checkbox"
                    checked={row.isPublic}
                    disabled={busy.has(row.id)}
                    onChange={() => void togglePublic(row)}
                    aria-label={`Public: ${nameOf(row)}`}
                  />
                </label>
              </td>
              <td className="own-files__date" data-label="UPLOADED">
                {formatUploadDate(row.createdAt)}
              </td>
              <td className="own-files__center card-rows__action" data-label="VIEW">
                <Link
                  href={viewerPath(row.id)}
                  className="icon-button"
                  aria-label={`View ${nameOf(row)}`}
                  title="View"
                >
                  <ViewIcon />
                </Link>
              </td>
              <td className="own-files__center card-rows__action" data-label="DOWNLOAD">
                <span className="own-files__download">
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => void download(row)}
                    aria-label={`Download ${nameOf(row)}`}
                    title="Download .tla"
                  >
                    <DownloadIcon />
                  </button>
                  <ExportMenu fileId={row.id} fileTitle={row.title} />
                </span>
              </td>
              <td className="own-files__center card-rows__action" data-label="DELETE">
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  disabled={busy.has(row.id)}
                  onClick={() => void remove(row)}
                  aria-label={`Delete ${nameOf(row)}`}
                  title="Delete"
                >
                  <DeleteIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
