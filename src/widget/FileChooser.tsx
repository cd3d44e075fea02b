/** @jsxImportSource preact */
// The files of the visitor's next message: 'Adjuntar archivos' (a button that opens the visually
// hidden file input) and the chosen files as chips, each with its 'Quitar' button.
import { useRef } from 'preact/hooks';
import { WIDGET_TEXTS as T } from './texts';

const PaperclipIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6h-1.5z"
    />
  </svg>
);

export function AttachButton({ disabled, onChoose }: { disabled: boolean; onChoose: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" class="qw-attach" aria-label={T.adjuntar} disabled={disabled} onClick={() => input.current?.click()}>
        <PaperclipIcon />
      </button>
      {/* Reached through the button above, so it stays out of the Tab order. */}
      <input
        ref={input}
        type="file"
        multiple
        class="qw-sr"
        tabIndex={-1}
        aria-label={T.elegirArchivos}
        disabled={disabled}
        onChange={(event) => {
          const element = event.currentTarget as HTMLInputElement;
          onChoose(Array.from(element.files ?? []));
          // Choosing the same file again must fire a change too.
          element.value = '';
        }}
      />
    </>
  );
}

export function FileChips({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  if (files.length === 0) return null;
  return (
    <ul class="qw-files" aria-label={T.archivos}>
      {files.map((file, index) => (
        <li key={`${index}-${file.name}`} class="qw-file">
          <span class="qw-file-name" title={file.name}>
            {file.name}
          </span>
          <button type="button" class="qw-file-x" aria-label={T.quitarArchivo(file.name)} onClick={() => onRemove(index)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
