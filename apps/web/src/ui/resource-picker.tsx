import { useId } from 'react';
import type { Resource } from '../api/client';

/** Which of several resources a page shows; labelled by id, so its name is the label alone. */
export function ResourcePicker({
  label,
  resources,
  value,
  onChange,
}: {
  label: string;
  resources: Resource[];
  value: string | undefined;
  onChange: (resourceId: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {resources.map((resource) => (
          <option key={resource.resourceId} value={resource.resourceId}>
            {resource.name}
          </option>
        ))}
      </select>
    </div>
  );
}
