import type { ReactNode } from 'react';

import { NOT_MEASURED_MARK, NOT_MEASURED_TEXT, formatScore } from './logic';
import styles from './styles.module.css';

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
        <span className={styles.srOnly}>{NOT_MEASURED_TEXT}</span>
      </>
    );
  }
  return format(value);
}

/** Text that only assistive technology reads. */
export function ScreenReaderOnly({ children }: { children: ReactNode }): ReactNode {
  return <span className={styles.srOnly}>{children}</span>;
}
