/** An icon of the PDF panel's toolbar: one path in a 20 px box. */
function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

export const ZOOM_IN = 'M9 4h2v5h5v2h-5v5H9v-5H4V9h5z';
export const ZOOM_OUT = 'M4 9h12v2H4z';
export const FIT = 'M2 4h6v2H4v2H2zM12 4h6v4h-2V6h-4zM2 12h2v2h4v2H2zM16 12h2v4h-6v-2h4z';

/** One of the toolbar's page zoom buttons: an icon, named by its label. */
export function PageZoomButton(props: {
  label: string;
  icon: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="viewer-icon-button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <Icon path={props.icon} />
    </button>
  );
}
