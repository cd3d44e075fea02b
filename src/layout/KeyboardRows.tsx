// Table rows that keyboard users can reach with Tab and open with Enter, like a click. Their focus
// ring is the theme's (themes.ts).
import { forwardRef, memo, type KeyboardEvent } from 'react';
import { DataTableBody, DataTableRow, type DataTableBodyProps, type DataTableRowProps } from 'react-admin';

function openOnEnter(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.key === 'Enter' && event.target === event.currentTarget) event.currentTarget.click();
}

const KeyboardRow = memo(
  forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardRow(props, ref) {
    return <DataTableRow {...props} ref={ref} tabIndex={0} onKeyDown={openOnEnter} />;
  }),
);

export const KeyboardRowsBody = memo(
  forwardRef<HTMLTableSectionElement, DataTableBodyProps>(function KeyboardRowsBody(props, ref) {
    return <DataTableBody {...props} ref={ref} row={KeyboardRow} />;
  }),
);
