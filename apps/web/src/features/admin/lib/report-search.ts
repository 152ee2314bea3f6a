import { REPORT_GROUPS, REPORT_KINDS, type TReportKind, type TReportQuery } from '@portal/contracts';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Days a report covers when the address names none: the last 30, today included. */
const DEFAULT_DAYS = 30;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const isDay = (text: string | null): text is string =>
  text !== null && DAY.test(text) && !Number.isNaN(Date.parse(text));

/** The report shown and its days as the address bar holds them (`?report=&from=&to=&group=`). */
export function reportFromSearch(
  params: URLSearchParams,
  now = Date.now(),
): { kind: TReportKind; query: TReportQuery } {
  const report = params.get('report');
  const group = params.get('group');
  const to = isDay(params.get('to')) ? params.get('to')! : dayOf(now);
  const from = params.get('from');
  return {
    kind: REPORT_KINDS.find((name) => name === report) ?? 'sales',
    query: {
      from:
        isDay(from) && from <= to ? from : dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS),
      to,
      group: REPORT_GROUPS.find((name) => name === group) ?? 'day',
    },
  };
}

/** The address bar's query for a report and its days. */
export function searchFromReport(kind: TReportKind, query: TReportQuery): URLSearchParams {
  return new URLSearchParams({ report: kind, from: query.from, to: query.to, group: query.group });
}
