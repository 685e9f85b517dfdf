import type { Random } from './prng.js';

/**
 * Words for seeded content. Each culture's list is aligned with English (same index,
 * same meaning), so a row's locales say the same thing in every culture.
 */

/** The cultures seeded rows carry: English and Norwegian always, German or Japanese sometimes. */
export type Culture = 'en-GB' | 'nb-NO' | 'de-DE' | 'ja-JP';

type Aligned = Readonly<Record<Culture, readonly string[]>>;

export const NOUNS: Aligned = {
  'en-GB': ['forklift', 'ladder', 'meeting room', 'safety vest', 'laptop', 'projector', 'van', 'drill', 'first aid kit', 'badge printer', 'pallet jack', 'coffee machine', 'headset', 'scanner', 'generator'],
  'nb-NO': ['gaffeltruck', 'stige', 'møterom', 'refleksvest', 'bærbar PC', 'prosjektor', 'varebil', 'drill', 'førstehjelpsskrin', 'kortskriver', 'palletjekk', 'kaffemaskin', 'hodesett', 'skanner', 'aggregat'],
  'de-DE': ['Gabelstapler', 'Leiter', 'Besprechungsraum', 'Warnweste', 'Laptop', 'Beamer', 'Transporter', 'Bohrmaschine', 'Verbandskasten', 'Ausweisdrucker', 'Hubwagen', 'Kaffeemaschine', 'Headset', 'Scanner', 'Stromaggregat'],
  'ja-JP': ['フォークリフト', 'はしご', '会議室', '安全ベスト', 'ノートPC', 'プロジェクター', 'バン', 'ドリル', '救急箱', 'カードプリンター', 'ハンドリフト', 'コーヒーマシン', 'ヘッドセット', 'スキャナー', '発電機'],
};

export const ADJECTIVES: Aligned = {
  'en-GB': ['New', 'Spare', 'Shared', 'Reserved', 'Portable', 'Large', 'Compact', 'Outdoor', 'Backup', 'Night shift'],
  'nb-NO': ['Ny', 'Ekstra', 'Delt', 'Reservert', 'Bærbar', 'Stor', 'Kompakt', 'Utendørs', 'Reserve', 'Nattskift'],
  'de-DE': ['Neu', 'Ersatz', 'Gemeinsam', 'Reserviert', 'Tragbar', 'Groß', 'Kompakt', 'Außen', 'Reserve', 'Nachtschicht'],
  'ja-JP': ['新しい', '予備の', '共用', '予約済み', '携帯用', '大型', 'コンパクト', '屋外用', 'バックアップ', '夜勤'],
};

export const TOPICS: Aligned = {
  'en-GB': ['Quarterly results', 'Summer party', 'New canteen menu', 'Safety week', 'Office move', 'Welcome our new colleagues', 'IT maintenance window', 'Training days', 'Sustainability report', 'Holiday schedule'],
  'nb-NO': ['Kvartalsresultater', 'Sommerfest', 'Ny kantinemeny', 'Sikkerhetsuke', 'Kontorflytting', 'Velkommen til nye kolleger', 'Vedlikeholdsvindu for IT', 'Opplæringsdager', 'Bærekraftsrapport', 'Ferieplan'],
  'de-DE': ['Quartalsergebnisse', 'Sommerfest', 'Neuer Kantinenplan', 'Sicherheitswoche', 'Büroumzug', 'Willkommen, neue Kolleginnen und Kollegen', 'IT-Wartungsfenster', 'Schulungstage', 'Nachhaltigkeitsbericht', 'Urlaubsplan'],
  'ja-JP': ['四半期決算', '夏のパーティー', '新しい社食メニュー', '安全週間', 'オフィス移転', '新しい同僚を歓迎します', 'ITメンテナンス', '研修日', 'サステナビリティ報告', '休暇スケジュール'],
};

export const SENTENCES: Aligned = {
  'en-GB': ['Thanks for sharing!', 'Great work, everyone.', 'When does this start?', 'Is there a sign-up sheet?', 'I will bring this up at the next meeting.', 'Looking forward to it 🎉', 'Can we get the slides afterwards?', 'Noted, thank you.'],
  'nb-NO': ['Takk for at du delte!', 'Bra jobbet, alle sammen.', 'Når starter dette?', 'Finnes det en påmeldingsliste?', 'Jeg tar dette opp på neste møte.', 'Gleder meg 🎉', 'Kan vi få lysbildene etterpå?', 'Notert, takk.'],
  'de-DE': ['Danke fürs Teilen!', 'Gute Arbeit, alle zusammen.', 'Wann geht das los?', 'Gibt es eine Anmeldeliste?', 'Ich spreche das im nächsten Meeting an.', 'Ich freue mich darauf 🎉', 'Bekommen wir die Folien danach?', 'Notiert, danke.'],
  'ja-JP': ['共有ありがとうございます！', '皆さん、お疲れさまでした。', 'いつ始まりますか？', '申込用紙はありますか？', '次の会議で取り上げます。', '楽しみにしています 🎉', '後でスライドをもらえますか？', '了解しました。'],
};

export const FIRST_NAMES = ['Åse', 'Bjørn', 'Chloé', 'Dmitri', 'Émile', 'Fatima', 'Gunnar', 'Hiroshi', 'Ingrid', 'José', 'Kaja', 'Lars', 'Mette', 'Nils', 'Øystein', 'Priya', 'Quentin', 'Ragnhild', 'Søren', 'Tomás', 'Uma', 'Vegard', 'Wei', 'Xiomara', 'Yusuf', 'Zoë', 'Aoife', 'Jürgen'];
export const LAST_NAMES = ['Hansen', 'Ødegård', 'Müller', 'Núñez', "O'Brien", 'Nakamura', 'Kowalski', 'Andersen', 'Dubois', 'Haugen', 'Berg', 'Schröder', 'Svensson', 'Okafor', 'García-López', 'Nguyen'];

export const DEPARTMENT_NAMES = ['Acme Group', 'Norway', 'Germany', 'Oslo office', 'Bergen warehouse', 'Berlin office', 'Hamburg depot', 'Finance', 'People & Culture', 'IT', 'Logistics', 'Sales', 'Customer Service', 'Facilities'];
export const DEPARTMENT_TYPES = ['Company', 'Country', 'Country', 'Department', 'Department', 'Department', 'Department', 'Department', 'Department', 'Department', 'Department', 'Department', 'Department', 'Department'];

export const TIME_ZONES = ['Europe/Oslo', 'Europe/Berlin', 'W. Europe Standard Time', 'UTC', 'Asia/Tokyo'];

/** A pair of aligned words as a title per culture: "Spare forklift", "Ekstra gaffeltruck". */
export function titleIn(culture: Culture, adjective: number, noun: number): string {
  const adj = ADJECTIVES[culture][adjective % ADJECTIVES[culture].length]!;
  const n = NOUNS[culture][noun % NOUNS[culture].length]!;
  if (culture === 'ja-JP') return `${adj}${n}`;
  if (culture === 'de-DE') return `${adj} ${n}`;
  // Lower-case the noun after an adjective, but keep acronyms ("bærbar PC").
  const lowered = /^[A-ZÆØÅ][a-zæøå]/.test(n) ? n[0]!.toLowerCase() + n.slice(1) : n;
  return `${adj} ${lowered}`;
}

/** The cultures of one row: always English and Norwegian, sometimes German or Japanese. */
export function culturesFor(random: Random): Culture[] {
  const extra = random.next();
  if (extra < 0.35) return ['en-GB', 'nb-NO', 'de-DE'];
  if (extra < 0.45) return ['en-GB', 'nb-NO', 'ja-JP'];
  return ['en-GB', 'nb-NO'];
}
