import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type BhiReportModel, FACTOR_LABELS } from "./bhi-report";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.12, 0.14, 0.17);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.87);
const BAND_COLOURS: Record<string, ReturnType<typeof rgb>> = {
  excellent: rgb(0.1, 0.55, 0.3),
  good: rgb(0.35, 0.65, 0.25),
  fair: rgb(0.85, 0.62, 0.1),
  poor: rgb(0.88, 0.4, 0.12),
  critical: rgb(0.78, 0.15, 0.15),
};
const BAND_FLOORS: Array<[string, number, number]> = [
  ["critical", 0, 35],
  ["poor", 35, 50],
  ["fair", 50, 65],
  ["good", 65, 80],
  ["excellent", 80, 100],
];

/** Standard PDF fonts speak WinAnsi only: strip accents, replace what is left over. */
export function winAnsi(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }
  /** Starts a new page unless `height` points still fit above the footer. */
  ensure(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage();
  }
  text(text: string, x: number, size = 10, options: { bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    this.page.drawText(winAnsi(text), {
      x,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.font,
      color: options.color ?? INK,
    });
  }
  wrap(text: string, size: number, width: number, font = this.font): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of winAnsi(text).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }
  paragraph(text: string, x: number, width: number, size = 9.5, color = INK) {
    for (const line of this.wrap(text, size, width)) {
      this.ensure(size + 4);
      this.text(line, x, size, { color });
      this.y -= size + 4;
    }
  }
  /** A heading never ends a page: it keeps room for its first lines below. */
  heading(text: string) {
    this.ensure(80);
    this.y -= 10;
    this.text(text, MARGIN, 12.5, { bold: true });
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 16;
  }
}

const dateOf = (iso: string) => iso.slice(0, 10);

/** The credit officer's BHI document: header, score, history chart, components, reasons, alerts. */
export async function renderBhiPdf(m: BhiReportModel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Business Health Index - ${m.customer.name}`));
  doc.setAuthor(winAnsi(m.tenant.name));
  doc.setSubject("Business Health Index report");
  doc.setCreationDate(new Date(m.generatedAt));
  doc.setModificationDate(new Date(m.generatedAt));
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  header(w, m);
  scoreBlock(w, m);
  w.heading("History");
  chart(w, m);
  w.heading("Components");
  componentTable(w, m);
  keyFigures(w, m);
  w.heading("Alerts");
  if (m.bhi.alerts.length === 0) {
    w.text("No alerts on this calculation.", MARGIN, 10, { color: MUTED });
    w.y -= 14;
  }
  for (const a of m.bhi.alerts) {
    w.ensure(30);
    const colour = a.severity === "critical" ? BAND_COLOURS.critical : BAND_COLOURS.fair;
    w.page.drawRectangle({ x: MARGIN, y: w.y - 2, width: 54, height: 12, color: colour });
    w.text(a.severity.toUpperCase(), MARGIN + 4, 7.5, { bold: true, color: rgb(1, 1, 1) });
    w.text(`${a.message}`, MARGIN + 62, 9.5);
    w.y -= 12;
    w.text(`${a.metric} = ${a.currentValue}, threshold ${a.threshold}`, MARGIN + 62, 8, { color: MUTED });
    w.y -= 16;
  }
  w.heading("Reasons");
  for (const r of m.bhi.reasons ?? []) {
    w.ensure(30);
    w.text(`${FACTOR_LABELS[r.factor] ?? r.factor} (${r.direction})`, MARGIN, 10, { bold: true });
    w.y -= 13;
    w.paragraph(r.explanation, MARGIN + 10, WIDTH - 10);
    w.y -= 4;
  }
  w.heading("Disclaimer");
  w.paragraph(m.disclaimer, MARGIN, WIDTH, 8.5, MUTED);

  footers(w, m);
  return doc.save({ useObjectStreams: true });
}

function header(w: Writer, m: BhiReportModel) {
  const { page } = w;
  page.drawRectangle({ x: 0, y: A4[1] - 92, width: A4[0], height: 92, color: rgb(0.11, 0.2, 0.33) });
  w.y = A4[1] - 40;
  w.text("Business Health Index report", MARGIN, 18, { bold: true, color: rgb(1, 1, 1) });
  w.y -= 20;
  w.text(`${m.tenant.name}  |  generated ${m.generatedAt.slice(0, 16).replace("T", " ")} UTC`, MARGIN, 9.5, {
    color: rgb(0.85, 0.89, 0.95),
  });
  w.y = A4[1] - 120;
  w.text(m.customer.name, MARGIN, 15, { bold: true });
  w.y -= 16;
  const details = [
    `Customer ${m.customer.externalId}`,
    m.customer.type,
    m.customer.industry ?? m.customer.vertical,
    `status ${m.customer.status}`,
  ].filter(Boolean);
  w.text(details.join("  |  "), MARGIN, 9, { color: MUTED });
  w.y -= 12;
  w.text(`Customer id ${m.customer.id}`, MARGIN, 8, { color: MUTED });
  w.y -= 18;
}

function scoreBlock(w: Writer, m: BhiReportModel) {
  const colour = BAND_COLOURS[m.bhi.bhiBand] ?? INK;
  const top = w.y;
  w.page.drawRectangle({ x: MARGIN, y: top - 78, width: 150, height: 84, color: colour });
  w.y = top - 40;
  w.text(m.bhi.bhiOverall, MARGIN + 16, 34, { bold: true, color: rgb(1, 1, 1) });
  w.y = top - 64;
  w.text(`${m.bhi.bhiBand.toUpperCase()}  (0-100)`, MARGIN + 16, 10, { bold: true, color: rgb(1, 1, 1) });
  const x = MARGIN + 172;
  const rows: Array<[string, string]> = [
    ["Trend", m.bhi.trend],
    [
      "Previous",
      m.bhi.previousBhi === null
        ? "first calculation"
        : `${m.bhi.previousBhi} (${signed(m.bhi.bhiChangePercent)}%)`,
    ],
    ["Calculated", `${m.bhi.createdAt.slice(0, 16).replace("T", " ")} UTC`],
    [
      "Method",
      `BHI v${m.bhi.calculationVersion}, 12-week window, ${m.historyTotal} calculation(s) on record`,
    ],
  ];
  w.y = top - 6;
  for (const [label, value] of rows) {
    w.text(label, x, 9, { color: MUTED });
    w.text(value, x + 70, 9.5);
    w.y -= 16;
  }
  w.y = top - 96;
}

const signed = (value: string | null) =>
  value === null ? "n/a" : value.startsWith("-") ? value : `+${value}`;

function chart(w: Writer, m: BhiReportModel) {
  const points = [...m.history].reverse().slice(-24);
  const height = 150;
  w.ensure(height + 40);
  const left = MARGIN + 26;
  const width = WIDTH - 26 - 44; // band labels to the right of the plot
  const bottom = w.y - height;
  const yOf = (score: number) => bottom + (score / 100) * height;
  for (const [band, low, high] of BAND_FLOORS) {
    w.page.drawRectangle({
      x: left,
      y: yOf(low),
      width,
      height: yOf(high) - yOf(low),
      color: BAND_COLOURS[band],
      opacity: 0.1,
    });
  }
  for (const [band, low, high] of BAND_FLOORS) {
    const label = band;
    w.page.drawText(label, {
      x: left + width + 6,
      y: (yOf(low) + yOf(high)) / 2 - 2.5,
      size: 7,
      font: w.font,
      color: BAND_COLOURS[band],
    });
  }
  for (const tick of [0, 35, 50, 65, 80, 100]) {
    w.page.drawLine({
      start: { x: left, y: yOf(tick) },
      end: { x: left + width, y: yOf(tick) },
      thickness: 0.3,
      color: RULE,
    });
    w.page.drawText(String(tick), { x: MARGIN, y: yOf(tick) - 3, size: 7.5, font: w.font, color: MUTED });
  }
  const xOf = (i: number) =>
    points.length === 1 ? left + width / 2 : left + 10 + (i * (width - 20)) / (points.length - 1);
  for (let i = 1; i < points.length; i++) {
    w.page.drawLine({
      start: { x: xOf(i - 1), y: yOf(Number(points[i - 1].bhiOverall)) },
      end: { x: xOf(i), y: yOf(Number(points[i].bhiOverall)) },
      thickness: 1.6,
      color: rgb(0.11, 0.2, 0.33),
    });
  }
  points.forEach((p, i) => {
    w.page.drawCircle({
      x: xOf(i),
      y: yOf(Number(p.bhiOverall)),
      size: 2.8,
      color: BAND_COLOURS[p.bhiBand] ?? INK,
      borderColor: rgb(1, 1, 1),
      borderWidth: 0.8,
    });
  });
  w.y = bottom - 14;
  if (points.length) {
    w.text(dateOf(points[0].recordedAt), left, 7.5, { color: MUTED });
    const last = dateOf(points[points.length - 1].recordedAt);
    w.text(last, left + width - w.font.widthOfTextAtSize(last, 7.5), 7.5, { color: MUTED });
  }
  w.y -= 12;
  const shown = points.length < m.historyTotal ? ` (latest ${points.length} of ${m.historyTotal})` : "";
  w.text(`Overall BHI per calculation, oldest to newest${shown}. Shaded: band ranges.`, left, 8, {
    color: MUTED,
  });
  w.y -= 8;
}

function componentTable(w: Writer, m: BhiReportModel) {
  const cols = [MARGIN, MARGIN + 190, MARGIN + 260, MARGIN + 330, MARGIN + 420];
  const heads = ["Component", "Score", "Weight", "Contribution", "Direction"];
  w.ensure(120);
  heads.forEach((h, i) => {
    w.text(h, cols[i], 9, { bold: true, color: MUTED });
  });
  w.y -= 6;
  w.page.drawLine({
    start: { x: MARGIN, y: w.y },
    end: { x: MARGIN + WIDTH, y: w.y },
    thickness: 0.5,
    color: RULE,
  });
  w.y -= 13;
  let total = 0;
  for (const r of m.bhi.reasons ?? []) {
    total += Math.round(r.contribution * 100);
    const cells = [
      FACTOR_LABELS[r.factor] ?? r.factor,
      r.score.toFixed(2),
      `${(r.weight * 100).toFixed(1)}%`,
      r.contribution.toFixed(2),
      r.direction,
    ];
    cells.forEach((cell, i) => {
      w.text(cell, cols[i], 9.5);
    });
    w.y -= 15;
  }
  w.page.drawLine({
    start: { x: MARGIN, y: w.y + 9 },
    end: { x: MARGIN + WIDTH, y: w.y + 9 },
    thickness: 0.5,
    color: RULE,
  });
  w.y -= 3;
  w.text("Overall BHI (sum of contributions)", cols[0], 9.5, { bold: true });
  w.text((total / 100).toFixed(2), cols[3], 9.5, { bold: true });
  w.y -= 16;
}

const money = (x: number) =>
  x.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function keyFigures(w: Writer, m: BhiReportModel) {
  const k = m.bhi.inputMetrics;
  if (!k) return;
  const cur = m.tenant.currency;
  const figures: Array<[string, string]> = [
    ["Balance (open accounts)", `${cur} ${money(k.balance ?? 0)}`],
    ["Inflow, 12 weeks", `${cur} ${money(k.inflow ?? 0)}`],
    ["Outflow, 12 weeks", `${cur} ${money(k.outflow ?? 0)}`],
    ["Outflow / inflow", k.expenseRatio === undefined ? "n/a" : `${(k.expenseRatio * 100).toFixed(1)}%`],
    [
      "Cover (4-week periods)",
      k.liquidityCoverPeriods === undefined ? "n/a" : k.liquidityCoverPeriods.toFixed(2),
    ],
    ["Failed payments", `${k.failedDebitCount ?? 0} of ${k.debitCount ?? 0}`],
    ["Overdrafts", String(k.overdraftCount ?? 0)],
    ["Inflow change, last period", `${(k.revenueChangePercent ?? 0).toFixed(1)}%`],
  ];
  w.heading("Key figures");
  const half = Math.ceil(figures.length / 2);
  const top = w.y;
  figures.forEach(([label, value], i) => {
    const x = i < half ? MARGIN : MARGIN + WIDTH / 2 + 10;
    w.y = top - (i % half) * 15;
    w.text(label, x, 9, { color: MUTED });
    w.text(value, x + 130, 9.5);
  });
  w.y = top - half * 15 - 4;
}

function footers(w: Writer, m: BhiReportModel) {
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${total}`;
    page.drawLine({
      start: { x: MARGIN, y: 40 },
      end: { x: MARGIN + WIDTH, y: 40 },
      thickness: 0.4,
      color: RULE,
    });
    page.drawText(winAnsi(`${m.customer.name} - BHI report ${m.reportId}`), {
      x: MARGIN,
      y: 28,
      size: 7.5,
      font: w.font,
      color: MUTED,
    });
    page.drawText(label, {
      x: MARGIN + WIDTH - w.font.widthOfTextAtSize(label, 8),
      y: 28,
      size: 8,
      font: w.font,
      color: MUTED,
    });
  });
}
