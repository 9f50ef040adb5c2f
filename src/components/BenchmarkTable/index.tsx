import clsx from 'clsx';
import { useMemo, useState, type ReactNode } from 'react';

import table from '@site/src/components/DataTable/styles.module.css';
import { benchmarks, kindLabels, lacksToolObservations, type BenchmarkRow } from '@site/src/data/benchmarks';
import { MODEL_KINDS } from '@site/src/data/facts';
import {
  BENCHMARK_TABLE_CAPTION,
  TOOL_OBSERVATION_MARK,
  TOOL_OBSERVATION_TEXT,
  benchmarkNotes as notes,
  benchmarkTable,
  figureColumns,
} from '@site/src/shared/tables/benchmarks';
import { NOT_MEASURED_MARK, NOT_MEASURED_TEXT } from '@site/src/shared/tables/format';
import { cellContent } from '@site/src/shared/tables/model';
import { filterRows, nextSort, sortRows, type SortState } from './logic';
import styles from './styles.module.css';

/** The id of the footnote that explains the ∔ marker. */
const TOOL_OBSERVATION_NOTE_ID = 'benchmark-note-tool-observations';
const noteId = (index: number): string => `benchmark-note-${index + 1}`;

function ModelName({ row }: { row: BenchmarkRow }): ReactNode {
  const note = row.note ? notes.indexOf(row.note) : -1;
  return (
    <>
      {row.model}
      {lacksToolObservations(row) && (
        <sup>
          <a href={`#${TOOL_OBSERVATION_NOTE_ID}`} title="Does not accept tool observations">
            {TOOL_OBSERVATION_MARK}
            <span className={table.srOnly}> does not accept tool observations</span>
          </a>
        </sup>
      )}
      {note >= 0 && (
        <sup>
          <a href={`#${noteId(note)}`}>
            <span className={table.srOnly}>note </span>
            {note + 1}
          </a>
        </sup>
      )}
    </>
  );
}

/**
 * Every benchmark figure of every model, sortable by each column and filterable by
 * kind and name. The full table is in the server-rendered HTML; the controls only
 * rearrange it once the page has hydrated.
 */
export default function BenchmarkTable(): ReactNode {
  const [sort, setSort] = useState<SortState | null>(null);
  const [kinds, setKinds] = useState(() => new Set(MODEL_KINDS));
  const [text, setText] = useState('');

  const rows = useMemo(() => sortRows(filterRows(benchmarks, { kinds, text }), sort), [kinds, text, sort]);

  return (
    <>
      <form
        className={styles.controls}
        role="search"
        aria-label="Filter the benchmark table"
        onSubmit={(e) => e.preventDefault()}
      >
        <fieldset className={styles.kinds}>
          <legend>Show</legend>
          {MODEL_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                name="kind"
                value={kind}
                checked={kinds.has(kind)}
                // The kind changes its state; every other kind keeps its own.
                onChange={() => setKinds((shown) => new Set(MODEL_KINDS.filter((k) => shown.has(k) !== (k === kind))))}
              />
              {kindLabels[kind]}
            </label>
          ))}
        </fieldset>
        <label className={styles.search}>
          Model name contains
          <input
            type="search"
            name="model"
            value={text}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      </form>
      <p className={table.notes} role="status">
        Showing {rows.length} of {benchmarks.length} models.
      </p>
      {/* The region scrolls sideways on narrow screens, so it must take keyboard focus. */}
      <div className={clsx(table.scroller, styles.scroller)} role="region" aria-label="Benchmark results" tabIndex={0}>
        <table className={clsx(table.table, styles.table)} data-benchmark-table="">
          <caption className={table.caption}>
            {BENCHMARK_TABLE_CAPTION} Select a column heading to sort; figures that were not measured (
            {NOT_MEASURED_MARK}) stay last.
          </caption>
          <thead>
            <tr>
              {benchmarkTable.columns.map(({ id, label, align }) => (
                <th
                  key={id}
                  scope="col"
                  aria-sort={sort?.key === id ? sort.direction : undefined}
                  className={align && table.numeric}
                >
                  <button type="button" className="clean-btn" onClick={() => setSort(nextSort(sort, id))}>
                    {label}
                    <span aria-hidden="true" className={styles.arrow}>
                      {sort?.key !== id ? '↕' : sort.direction === 'ascending' ? '↑' : '↓'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.model} data-kind={row.kind} className={row.kind === 'rubra' ? styles.rubraRow : undefined}>
                <th scope="row">
                  <ModelName row={row} />
                </th>
                {figureColumns.map((column) => {
                  const content = cellContent(column, row);
                  return (
                    <td key={column.id} className={column.align && table.numeric}>
                      {typeof content === 'string' ? (
                        content
                      ) : (
                        <>
                          <span aria-hidden="true">{NOT_MEASURED_MARK}</span>
                          <span className={table.srOnly}>{NOT_MEASURED_TEXT}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={table.notes}>
        <p id={TOOL_OBSERVATION_NOTE_ID}>
          <span aria-hidden="true">{TOOL_OBSERVATION_MARK}</span> {TOOL_OBSERVATION_TEXT}
        </p>
        <ol aria-label="Notes on how some models were tested">
          {notes.map((note, index) => (
            <li key={note} id={noteId(index)}>
              {note}
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
