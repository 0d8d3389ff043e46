import type { ReactNode } from 'react';

/** A labelled property of the designer's side panels: the label, then its control. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child.
    <label className="rd-prop">
      <span className="rd-prop-label">{label}</span>
      {children}
    </label>
  );
}
