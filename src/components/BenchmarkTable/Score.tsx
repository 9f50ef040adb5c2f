import type { ReactNode } from 'react';

import table from '@site/src/components/DataTable/styles.module.css';
import { NOT_MEASURED_MARK, NOT_MEASURED_TEXT, formatScore } from './logic';

/** A figure, or an em dash that reads "not measured" to assistive technology. */
export default function Score({
  value,
  format = formatScore,
}: {
  value: number | null;
  format?: (value: number | null) => string;
}): ReactNode {
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">{NOT_MEASURED_MARK}</span>
        <span className={table.srOnly}>{NOT_MEASURED_TEXT}</span>
      </>
    );
  }
  return format(value);
}
