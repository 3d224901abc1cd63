/**
 * A document's PDF, made with React (@react-pdf/renderer), in English or Hindi, one page per copy
 * asked for. It runs on the documents' own thread (pdf-worker.ts), never on the one that serves the
 * site: render.ts hands documents over. Text is set in Noto Sans Devanagari (OFL, shipped as TTF by the
 * @expo-google-fonts package), whose Latin covers the English copy too. The renderer shapes
 * Devanagari correctly but breaks wrapped Devanagari lines inside a cluster and drops letters at the
 * break, so every text here is broken into lines first (`text-lines.ts`, measured with the same
 * font engine) and each line is set on its own: decision 044.
 */
import { Document, Font, Page, Path, Rect, renderToBuffer, Svg, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { ReactNode } from "react";
import { GST_STATE_CODES } from "../../domain/company-facts";
import { amountInWords } from "../../domain/gst";
import type { DocumentAddress, DocumentLanguage, DocumentLine, IssuedDocument } from "../../domain/invoice";
import { DOCUMENT_LABELS, type DocumentCopy, type DocumentLabels } from "./labels";
import { breakLines, FONT_FILES, type FontWeight } from "./text-lines";

export type { DocumentCopy } from "./labels";

const FAMILY = "Noto Sans Devanagari";
Font.register({
  family: FAMILY,
  fonts: [
    { src: FONT_FILES.regular, fontWeight: 400 },
    { src: FONT_FILES.bold, fontWeight: 700 },
  ],
});
// Words are never hyphenated: a hyphen inside a Devanagari cluster would break it.
Font.registerHyphenationCallback((word) => [word]);

/** The palette of the site (docs/decisions on the visual brief), quieter on paper. */
const INK = "#2b1d14";
const BROWN = "#7a3b12";
const MUTED = "#6b5a4e";
const ORANGE = "#e8731c";
const BEIGE = "#f6efe6";
const RULE = "#e4d6c6";

const PAGE_PADDING = 36;
const PAGE_WIDTH = 595.28;
const CONTENT = PAGE_WIDTH - 2 * PAGE_PADDING;
const LINE_HEIGHT = 1.45;
/** The payment row: the QR code and its URI, the bank account, the signature block. */
const PAY_WIDTH = 240;
const SIGN_WIDTH = 150;
const BANK_WIDTH = CONTENT - PAY_WIDTH - SIGN_WIDTH - 16;
const QR_SIZE = 92;
const QR_TEXT_WIDTH = PAY_WIDTH - QR_SIZE - 8 - 12;

interface LinesProps {
  text: string;
  width: number;
  size?: number;
  weight?: FontWeight;
  color?: string;
  align?: "left" | "right" | "center";
}

/**
 * A line with Devanagari ends in a zero-width space: without it the renderer maps a line's last
 * glyph back to the wrong letters after a reordered matra ("ि") and redraws "ें" on a dotted circle.
 */
const settable = (line: string) => (/[\u0900-\u097F]/.test(line) ? `${line}\u200B` : line);

/** A text broken into lines that fit `width`, each set on its own so the renderer never wraps it. */
function Lines({ text, width, size = 8.5, weight = "regular", color = INK, align = "left" }: LinesProps) {
  return (
    <View style={{ width }}>
      {breakLines(text, width, size, weight).map((line, index) => (
        <Text
          key={index}
          style={{
            fontSize: size,
            fontWeight: weight === "bold" ? 700 : 400,
            color,
            textAlign: align,
            lineHeight: LINE_HEIGHT,
          }}
        >
          {settable(line)}
        </Text>
      ))}
    </View>
  );
}

const MONEY = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "1,23,456.50": the Indian grouping, paise always written. */
export function money(paise: number): string {
  return MONEY.format(paise / 100);
}

/** "29-11-2026": the IST date of an instant. */
export function documentDate(iso: string): string {
  const ist = new Date(Date.parse(iso) + 330 * 60 * 1000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;
}

/** "300 sachets" / "300 सैशे": the quantity and the unit it counts. */
function quantityWithUnit(line: DocumentLine, language: DocumentLanguage): string {
  const unit = line.unit[language];
  const plural = language === "en" && line.quantity !== 1 && !unit.endsWith("s") ? `${unit}s` : unit;
  return `${line.quantity.toLocaleString("en-IN")} ${plural}`;
}

const percent = (basisPoints: number) => `${basisPoints / 100}%`;

/** A buyer's address as printed: its lines, city and PIN, and the state's name with its GST code. */
function addressLines(address: DocumentAddress): string[] {
  const stateName = GST_STATE_CODES[address.stateCode] ?? address.stateCode;
  return [
    ...address.lines.filter((line) => line.trim()),
    `${address.city} ${address.pin}`,
    `${stateName} (${address.stateCode})`,
  ];
}

/** The QR code of a UPI URI, drawn as vector squares so any scale stays sharp. */
function UpiQr({ uri, size }: { uri: string; size: number }) {
  const qr = QRCode.create(uri, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  let d = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const box = count + 2 * quiet;
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${box} ${box}`}>
      <Rect x={0} y={0} width={box} height={box} fill="#ffffff" />
      <Path d={d} fill="#000000" />
    </Svg>
  );
}

/** The width of a notice's text: the page's, less its padding and its rule. */
const NOTICE_WIDTH = CONTENT - 19;

/** A notice across the page, ruled in orange on its left: what a document is not, or what it corrects. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <View
      style={{
        marginTop: 10,
        paddingVertical: 5,
        paddingHorizontal: 8,
        backgroundColor: BEIGE,
        borderLeftWidth: 3,
        borderColor: ORANGE,
      }}
    >
      {children}
    </View>
  );
}

function Label({ children, width }: { children: string; width: number }) {
  return <Lines text={children} width={width} size={7} color={MUTED} />;
}

function Field({
  label,
  value,
  width,
  weight = "regular",
}: {
  label: string;
  value: string;
  width: number;
  weight?: FontWeight;
}) {
  return (
    <View style={{ flexDirection: "row", justifyContent: "flex-end", marginBottom: 1.5 }}>
      <Lines text={label} width={width * 0.48} size={8} color={MUTED} align="right" />
      <View style={{ width: 6 }} />
      <Lines text={value} width={width * 0.52 - 6} size={8.5} weight={weight} align="right" />
    </View>
  );
}

/** The lines' table: CGST and SGST columns for a supply within the state, one IGST column for another. */
function LinesTable({
  doc,
  labels,
  language,
}: {
  doc: IssuedDocument;
  labels: DocumentLabels;
  language: DocumentLanguage;
}) {
  const taxColumns = doc.interState
    ? [
        {
          label: labels.igst,
          pick: (l: DocumentLine) => l.igstPaise,
          rate: (l: DocumentLine) => l.rateBasisPoints,
        },
      ]
    : [
        {
          label: labels.cgst,
          pick: (l: DocumentLine) => l.cgstPaise,
          rate: (l: DocumentLine) => l.rateBasisPoints / 2,
        },
        {
          label: labels.sgst,
          pick: (l: DocumentLine) => l.sgstPaise,
          rate: (l: DocumentLine) => l.rateBasisPoints / 2,
        },
      ];
  const taxWidth = 104 / taxColumns.length;
  const columns = [
    { key: "serial", width: 18, align: "left" as const },
    { key: "description", width: 130, align: "left" as const },
    { key: "hsn", width: 54, align: "left" as const },
    { key: "quantity", width: 64, align: "right" as const },
    { key: "unitPrice", width: 48, align: "right" as const },
    { key: "discount", width: 42, align: "right" as const },
    { key: "taxable", width: CONTENT - 18 - 130 - 54 - 64 - 48 - 42 - 104, align: "right" as const },
  ];
  const header = [
    labels.serial,
    labels.description,
    labels.hsn,
    labels.quantity,
    labels.unitPrice,
    labels.discount,
    labels.taxableValue,
  ];
  const cellPad = 4;
  return (
    <View style={{ marginTop: 14 }}>
      <View
        style={{
          flexDirection: "row",
          backgroundColor: BEIGE,
          borderTopWidth: 1,
          borderBottomWidth: 1,
          borderColor: RULE,
          paddingVertical: 4,
        }}
      >
        {columns.map((column, index) => (
          <View key={column.key} style={{ width: column.width, paddingHorizontal: cellPad }}>
            <Lines
              weight="bold"
              text={header[index] ?? ""}
              width={column.width - 2 * cellPad}
              size={7.5}
              color={BROWN}
              align={column.align}
            />
          </View>
        ))}
        {taxColumns.map((tax) => (
          <View key={tax.label} style={{ width: taxWidth, paddingHorizontal: cellPad }}>
            <Lines
              text={tax.label}
              width={taxWidth - 2 * cellPad}
              size={7.5}
              weight="bold"
              color={BROWN}
              align="right"
            />
          </View>
        ))}
      </View>
      {doc.lines.map((line, index) => {
        const cells = [
          String(index + 1),
          line.description[language],
          line.hsn,
          quantityWithUnit(line, language),
          money(line.unitPricePaise),
          line.discountPaise ? money(line.discountPaise) : "—",
          money(line.taxableValuePaise),
        ];
        return (
          <View
            key={index}
            style={{ flexDirection: "row", borderBottomWidth: 0.5, borderColor: RULE, paddingVertical: 5 }}
          >
            {columns.map((column, cell) => (
              <View key={column.key} style={{ width: column.width, paddingHorizontal: cellPad }}>
                <Lines
                  text={cells[cell] ?? ""}
                  width={column.width - 2 * cellPad}
                  size={8.5}
                  align={column.align}
                />
              </View>
            ))}
            {taxColumns.map((tax) => (
              <View key={tax.label} style={{ width: taxWidth, paddingHorizontal: cellPad }}>
                <Lines text={money(tax.pick(line))} width={taxWidth - 2 * cellPad} size={8.5} align="right" />
                <Lines
                  text={`@ ${percent(tax.rate(line))}`}
                  width={taxWidth - 2 * cellPad}
                  size={7}
                  color={MUTED}
                  align="right"
                />
              </View>
            ))}
          </View>
        );
      })}
    </View>
  );
}

function Totals({ doc, labels, width }: { doc: IssuedDocument; labels: DocumentLabels; width: number }) {
  const rate = doc.lines[0]?.rateBasisPoints ?? 0;
  const rows: [string, number][] = [[labels.taxableValue, doc.totals.taxableValuePaise]];
  if (doc.interState) rows.push([`${labels.igst} @ ${percent(rate)}`, doc.totals.igstPaise]);
  else
    rows.push(
      [`${labels.cgst} @ ${percent(rate / 2)}`, doc.totals.cgstPaise],
      [`${labels.sgst} @ ${percent(rate / 2)}`, doc.totals.sgstPaise],
    );
  rows.push([labels.roundOff, doc.totals.roundOffPaise]);
  return (
    <View style={{ width }}>
      {rows.map(([label, paise]) => (
        <View
          key={label}
          style={{ flexDirection: "row", justifyContent: "space-between", paddingVertical: 1.5 }}
        >
          <Lines text={label} width={width * 0.6} size={8.5} color={MUTED} />
          <Lines
            text={paise < 0 ? `− ${money(-paise)}` : money(paise)}
            width={width * 0.4}
            size={8.5}
            align="right"
          />
        </View>
      ))}
      <View
        style={{
          flexDirection: "row",
          justifyContent: "space-between",
          marginTop: 4,
          paddingVertical: 5,
          paddingHorizontal: 6,
          backgroundColor: BEIGE,
          borderTopWidth: 1.5,
          borderColor: ORANGE,
        }}
      >
        <Lines weight="bold" text={labels.total} width={width * 0.45 - 6} size={10} color={BROWN} />
        <Lines
          weight="bold"
          text={`₹ ${money(doc.totals.totalPaise)}`}
          width={width * 0.55 - 6}
          size={11}
          color={BROWN}
          align="right"
        />
      </View>
    </View>
  );
}

function DocumentPage({
  doc,
  language,
  copy,
}: {
  doc: IssuedDocument;
  language: DocumentLanguage;
  copy: DocumentCopy;
}) {
  const labels = DOCUMENT_LABELS[language];
  const { supplier, buyer } = doc;
  const taxDocument = doc.kind === "tax-invoice" || doc.kind === "credit-note";
  const leftWidth = 300;
  const rightWidth = CONTENT - leftWidth - 12;
  const half = (CONTENT - 16) / 2;
  const supplierAddress = [
    ...supplier.address.lines.map((line) => line[language]),
    `${supplier.address.city[language]} ${supplier.address.pin}`,
    `${supplier.address.state[language]} (${supplier.address.stateCode})`,
  ].join(", ");
  return (
    <Page
      size="A4"
      style={{
        paddingHorizontal: PAGE_PADDING,
        paddingTop: PAGE_PADDING + 6,
        paddingBottom: PAGE_PADDING,
        fontFamily: FAMILY,
        color: INK,
      }}
    >
      <View
        fixed
        style={{ position: "absolute", top: 0, left: 0, right: 0, height: 5, backgroundColor: ORANGE }}
      />

      <View style={{ flexDirection: "row", justifyContent: "space-between" }}>
        <View style={{ width: leftWidth }}>
          <Lines
            weight="bold"
            text={supplier.legalName[language]}
            width={leftWidth}
            size={15}
            color={BROWN}
          />
          <View style={{ height: 3 }} />
          <Lines text={supplierAddress} width={leftWidth} size={8} color={MUTED} />
          <View style={{ height: 4 }} />
          <Lines text={`${labels.gstin}: ${supplier.gstin}`} width={leftWidth} size={8.5} weight="bold" />
          <Lines text={`${labels.fssai}: ${supplier.fssaiLicence}`} width={leftWidth} size={8.5} />
          <Lines
            text={`${labels.phone}: ${supplier.phone}  ·  ${labels.email}: ${supplier.email}`}
            width={leftWidth}
            size={8}
            color={MUTED}
          />
        </View>
        <View style={{ width: rightWidth, alignItems: "flex-end" }}>
          <Lines
            weight="bold"
            text={labels.title[doc.kind]}
            width={rightWidth}
            size={17}
            color={INK}
            align="right"
          />
          {taxDocument ? (
            <Lines
              text={labels.copy[copy]}
              width={rightWidth}
              size={8}
              weight="bold"
              color={BROWN}
              align="right"
            />
          ) : null}
          <View style={{ height: 6 }} />
          <Field label={labels.number[doc.kind]} value={doc.number} width={rightWidth} weight="bold" />
          <Field label={labels.date} value={documentDate(doc.issuedAt)} width={rightWidth} />
          <Field
            label={labels.placeOfSupply}
            value={`${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`}
            width={rightWidth}
          />
          <Field
            label={labels.reverseCharge}
            value={doc.reverseCharge ? labels.yes : labels.no}
            width={rightWidth}
          />
        </View>
      </View>

      {taxDocument ? null : (
        <Notice>
          <Lines weight="bold" text={labels.notTaxInvoice} width={NOTICE_WIDTH} size={10} color={BROWN} />
          <Lines text={labels.validity} width={NOTICE_WIDTH} size={8} color={MUTED} />
        </Notice>
      )}
      {doc.against ? (
        <Notice>
          <Lines
            weight="bold"
            text={`${labels.againstInvoice}: ${doc.against.number}, ${labels.date.toLowerCase()} ${documentDate(doc.against.issuedAt)}`}
            width={NOTICE_WIDTH}
            size={9}
            color={BROWN}
          />
          <Lines text={`${labels.reason}: ${doc.against.reason}`} width={NOTICE_WIDTH} size={8.5} />
        </Notice>
      ) : null}

      <View
        style={{
          flexDirection: "row",
          justifyContent: "space-between",
          marginTop: 14,
          paddingTop: 10,
          borderTopWidth: 1,
          borderColor: RULE,
        }}
      >
        <View style={{ width: half }}>
          <Label width={half}>{labels.billedTo}</Label>
          <Lines weight="bold" text={buyer.name} width={half} size={10} />
          <Lines text={addressLines(buyer.address).join(", ")} width={half} size={8.5} />
          <Lines text={`${labels.gstin}: ${buyer.gstin ?? labels.unregistered}`} width={half} size={8.5} />
          <Lines text={`${labels.stateCode}: ${buyer.address.stateCode}`} width={half} size={8.5} />
        </View>
        <View style={{ width: half }}>
          <Label width={half}>{labels.shippedTo}</Label>
          <Lines
            text={
              buyer.shippingAddress ? addressLines(buyer.shippingAddress).join(", ") : labels.sameAsBilling
            }
            width={half}
            size={8.5}
          />
        </View>
      </View>

      <LinesTable doc={doc} labels={labels} language={language} />

      <View style={{ flexDirection: "row", justifyContent: "space-between", marginTop: 12 }}>
        <View style={{ width: CONTENT - 210 - 20 }}>
          <Label width={CONTENT - 230}>{labels.inWords}</Label>
          <Lines
            text={amountInWords(doc.totals.totalPaise, language)}
            width={CONTENT - 230}
            size={9}
            weight="bold"
          />
        </View>
        <Totals doc={doc} labels={labels} width={210} />
      </View>

      <View
        style={{
          flexDirection: "row",
          justifyContent: "space-between",
          marginTop: 18,
          paddingTop: 12,
          borderTopWidth: 1,
          borderColor: RULE,
        }}
      >
        <View style={{ width: PAY_WIDTH, flexDirection: "row" }}>
          {doc.upiUri ? (
            <>
              <UpiQr uri={doc.upiUri} size={QR_SIZE} />
              <View style={{ width: QR_TEXT_WIDTH, marginLeft: 8 }}>
                <Lines weight="bold" text={labels.payByUpi} width={QR_TEXT_WIDTH} size={9} color={BROWN} />
                <Lines text={labels.scanWithAnyApp} width={QR_TEXT_WIDTH} size={7.5} color={MUTED} />
                <View style={{ height: 3 }} />
                <Lines text={doc.upiUri} width={QR_TEXT_WIDTH} size={6.5} color={MUTED} />
              </View>
            </>
          ) : null}
        </View>
        <View style={{ width: BANK_WIDTH }}>
          {doc.kind !== "credit-note" && supplierBank(doc) ? (
            <>
              <Lines weight="bold" text={labels.bankTransfer} width={BANK_WIDTH} size={8.5} color={BROWN} />
              {supplierBank(doc)?.map(([label, value]) => (
                <Lines
                  key={label}
                  text={`${labelOf(labels, label)}: ${value}`}
                  width={BANK_WIDTH}
                  size={7.5}
                />
              ))}
            </>
          ) : null}
        </View>
        <View style={{ width: SIGN_WIDTH, alignItems: "flex-end" }}>
          <Lines
            weight="bold"
            text={`${labels.forCompany} ${supplier.legalName[language]}`}
            width={SIGN_WIDTH}
            size={8.5}
            align="right"
          />
          <View style={{ height: 34 }} />
          <View style={{ width: 120, borderTopWidth: 0.75, borderColor: MUTED, marginBottom: 2 }} />
          <Lines weight="bold" text={labels.authorisedSignatory} width={SIGN_WIDTH} size={8} align="right" />
          <Lines
            text={`${supplier.signatory.name[language]}, ${supplier.signatory.designation[language]}`}
            width={SIGN_WIDTH}
            size={7.5}
            color={MUTED}
            align="right"
          />
        </View>
      </View>

      <View style={{ position: "absolute", left: PAGE_PADDING, right: PAGE_PADDING, bottom: 22 }} fixed>
        <Lines text={labels.declaration} width={CONTENT} size={7} color={MUTED} />
      </View>
    </Page>
  );
}

function supplierBank(doc: IssuedDocument): [string, string][] | null {
  const account = doc.supplier.bankAccount;
  if (!account) return null;
  return [
    ["name", account.name],
    ["number", account.number],
    ["ifsc", account.ifsc],
  ];
}

function labelOf(labels: DocumentLabels, key: string): string {
  return key === "name" ? labels.accountName : key === "number" ? labels.accountNumber : labels.ifsc;
}

/**
 * The document as a PDF in a language, one A4 page per copy asked for (a quotation or a pro-forma
 * has one page whatever is asked: copies are a tax document's), made on the calling thread: hundreds
 * of milliseconds of CPU, which is why only the documents' thread calls it (render.ts).
 */
export async function documentPdfOnThisThread(
  doc: IssuedDocument,
  options: { language: DocumentLanguage; copies: readonly DocumentCopy[] },
): Promise<Uint8Array<ArrayBuffer>> {
  const taxDocument = doc.kind === "tax-invoice" || doc.kind === "credit-note";
  const copies: readonly DocumentCopy[] =
    taxDocument && options.copies.length > 0 ? options.copies : ["original"];
  const labels = DOCUMENT_LABELS[options.language];
  const buffer = await renderToBuffer(
    <Document
      title={`${labels.title[doc.kind]} ${doc.number}`}
      author={doc.supplier.legalName.en}
      language={options.language}
    >
      {copies.map((copy) => (
        <DocumentPage key={copy} doc={doc} language={options.language} copy={copy} />
      ))}
    </Document>,
  );
  return new Uint8Array(buffer);
}
