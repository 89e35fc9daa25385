import { missingFileText } from './viewer-page-text';
import type { MissingFile } from '../shared/viewer-layout/viewer-document';

/**
 * Says which recording or PDF the file names but came without, so that a viewer without a
 * player or a score page explains itself.
 */
export function MissingFiles({
  files,
  local,
  owner,
}: {
  files: MissingFile[];
  local: boolean;
  owner: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <div className="viewer-missing" role="note" data-testid="missing-files">
      {files.map(({ what, name }) => (
        <p key={`${what}:${name}`}>{missingFileText({ what, name }, local)}</p>
      ))}
      {owner && !local && (
        <p data-testid="add-missing">
          Add {files.length === 1 ? 'it' : 'them'} from your dashboard: &lsquo;Add recording or
          PDF&rsquo; on the file&rsquo;s row.
        </p>
      )}
    </div>
  );
}
