import { useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import { usePageTitle, withProductName } from '../lib/use-page-title';

// Placeholder until the viewer lands; replace this file with the real page.
export function ViewerPage() {
  const { fileId } = useParams<{ fileId?: string }>();
  const alerted = useRef(false);
  usePageTitle(withProductName('Viewer'));

  useEffect(() => {
    // SPEC.md section 2: the viewer needs a file id. The ref keeps React's development
    // double effects from alerting twice.
    if (fileId || alerted.current) return;
    alerted.current = true;
    window.alert('No file id was passed in the route.');
  }, [fileId]);

  return (
    <div className="page page--narrow">
      <h1>Viewer</h1>
      <p className="placeholder-note">
        {fileId ? `File ${fileId}. ` : 'No file was chosen. '}
        Coming soon: the online viewer, with media playback and the file’s timelines. This page is
        not available yet.
      </p>
    </div>
  );
}
