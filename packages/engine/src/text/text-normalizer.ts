import { RenderInputError } from '../errors.ts';
import { cardinalWords, decadeWords, ordinalWords, pluralNumberWord, yearWords } from './number-words.ts';

/** A written token and the words a voice should say for it ("24/7" -> twenty four seven). */
export interface NormalizedToken {
  display: string;
  spoken: string[];
}

const SYMBOLS: Record<string, string[]> = {
  '&': ['and'],
  '@': ['at'],
  '+': ['plus'],
  '%': ['percent'],
  '#': ['number'],
  '=': ['equals'],
  // Said by name when they stand alone ("get that $").
  $: ['dollars'],
  '€': ['euros'],
  '£': ['pounds'],
  '°': ['degrees'],
  '¢': ['cents'],
  '¥': ['yen'],
  '₹': ['rupees'],
};

const ABBREVIATIONS: Record<string, string[]> = {
  'mr.': ['mister'],
  mr: ['mister'],
  'mrs.': ['missus'],
  mrs: ['missus'],
  'ms.': ['miz'],
  ms: ['miz'],
  'dr.': ['doctor'],
  dr: ['doctor'],
  'prof.': ['professor'],
  'sgt.': ['sergeant'],
  'lt.': ['lieutenant'],
  'capt.': ['captain'],
  'gov.': ['governor'],
  'gen.': ['general'],
  'pres.': ['president'],
  'rev.': ['reverend'],
  'rd.': ['road'],
  'ln.': ['lane'],
  'inc.': ['incorporated'],
  'ltd.': ['limited'],
  'corp.': ['corporation'],
  'bros.': ['brothers'],
  'ca.': ['circa'],
  wwi: ['world', 'war', 'one'],
  ww1: ['world', 'war', 'one'],
  wwii: ['world', 'war', 'two'],
  ww2: ['world', 'war', 'two'],
  'st.': ['street'],
  'vs.': ['versus'],
  vs: ['versus'],
  'ft.': ['featuring'],
  'feat.': ['featuring'],
  'w/': ['with'],
  'w/o': ['without'],
  'a/k/a': ['eigh', 'k', 'eigh'],
  'etc.': ['et', 'cetera'],
  'jr.': ['junior'],
  'sr.': ['senior'],
  'ph.d.': ['p', 'h', 'd'],
  ok: ['okay'],
  'mt.': ['mount'],
  'ave.': ['avenue'],
  'blvd.': ['boulevard'],
  blvd: ['boulevard'],
  'hwy.': ['highway'],
  hwy: ['highway'],
  'apt.': ['apartment'],
  'dept.': ['department'],
  'approx.': ['approximately'],
  'vol.': ['volume'],
  'pt.': ['part'],
  'ep.': ['episode'],
  nº: ['number'],
  '№': ['number'],
};

/**
 * Words written the way people text them, common in lyrics typed on a phone: said as the word
 * ("b4" is before, not "b four"; "gr8" great, not "g r eight"), and texting's lower-case initials
 * spelled ("idk": i d k). "lol" stays a word, as it is said.
 */
const TEXT_SPEAK: Record<string, string[]> = {
  b4: ['before'],
  '2day': ['today'],
  '2nite': ['tonight'],
  '2night': ['tonight'],
  '2morrow': ['tomorrow'],
  '2moro': ['tomorrow'],
  gr8: ['great'],
  l8: ['late'],
  l8r: ['later'],
  h8: ['hate'],
  h8r: ['hater'],
  h8rs: ['haters'],
  h8ers: ['haters'],
  m8: ['mate'],
  m8s: ['mates'],
  w8: ['wait'],
  str8: ['straight'],
  '4eva': ['forever'],
  '4ever': ['forever'],
  thx: ['thanks'],
  ppl: ['people'],
  ur: ['your'],
  pls: ['please'],
  plz: ['please'],
  'b/c': ['because'],
  // Said as written, in a spelling the voices read that way (Flite says "tho" with the "th" of
  // "thin", "imma" as "im-uh", "aight" as "eight", "dawg" as d a w g, "lowkey" as "lowk").
  tho: ['though'],
  imma: ["i'ma"],
  outta: ['out', 'uh'],
  aight: ['ite'],
  ight: ['ite'],
  tryna: ['try', 'nuh'],
  dawg: ['dog'],
  homie: ['homey'],
  homies: ['homeys'],
  guap: ['gwop'],
  lowkey: ['low', 'key'],
  highkey: ['high', 'key'],
  bae: ['bay'],
  mula: ['moola'],
  versace: ['ver', 'sah', 'chay'],
  ayy: ['eigh'],
  woah: ['whoa'],
  "y'know": ['ya', 'know'],
  // Names Flite says wrong ("Dre" as "druh", "Beyoncé" as "bay-ons").
  dre: ['dray'],
  beyonce: ['bee', 'yon', 'say'],
  kanye: ['kahn', 'yay'],
  'chi-town': ['shy', 'town'],
  // The retirement plan, "401k" or "401(k)".
  '401k': ['four', 'oh', 'one', 'k'],
  omg: ['o', 'm', 'g'],
  idk: ['i', 'd', 'k'],
  tbh: ['t', 'b', 'h'],
  smh: ['s', 'm', 'h'],
  btw: ['b', 't', 'w'],
  brb: ['b', 'r', 'b'],
  imo: ['i', 'm', 'o'],
  fyi: ['f', 'y', 'i'],
  xoxo: ['x', 'o', 'x', 'o'],
  ttyl: ['t', 't', 'y', 'l'],
  bff: ['b', 'f', 'f'],
  jk: ['j', 'k'],
  ikr: ['i', 'k', 'r'],
  ngl: ['n', 'g', 'l'],
  fr: ['for', 'real'],
  wtf: ['w', 't', 'f'],
  lmao: ['l', 'm', 'eigh', 'o'],
  lmfao: ['l', 'm', 'f', 'eigh', 'o'],
  idgaf: ['i', 'd', 'g', 'eigh', 'f'],
  icymi: ['i', 'c', 'y', 'm', 'i'],
  'tl;dr': ['t', 'l', 'd', 'r'],
};

/**
 * Months written short: in full with a dot ("Jan.") and, without one, before a day ("Feb 14",
 * "Oct 31st"; "Jan said hi" is a name).
 */
const SHORT_MONTHS: Record<string, string> = {
  jan: 'january',
  feb: 'february',
  mar: 'march',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
};

for (const [short, month] of Object.entries(SHORT_MONTHS)) ABBREVIATIONS[`${short}.`] = [month];

/** Days written short, read in full in a range ("Mon-Fri"). */
const DAYS: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};

/** Places "Ft." names a fort in ("Ft. Worth"); before any other name it is "featuring". */
const FORT_PLACES = new Set(
  'worth lauderdale myers collins wayne knox bragg hood lee pierce smith'.split(' '),
);

/**
 * Letters as a voice says them alone. A lone "a" is read as the article ("uh") by both TTS
 * engines; "eigh" is the spelling both read as the letter name.
 */
const letterWord = (letter: string): string => (letter === 'a' ? 'eigh' : letter);

/** Each letter of `text` said by its name ("NYC" -> n y c). */
const letterWords = (text: string): string[] => text.toLowerCase().split('').map(letterWord);

/** Capitalised words said as words, not spelled out. */
const SPOKEN_ACRONYMS = new Set([
  'nasa',
  'nato',
  'fifa',
  'unicef',
  'unesco',
  'scuba',
  'laser',
  'radar',
  'covid',
  'yolo',
  'fomo',
  'opec',
  'nascar',
  'ikea',
  'gif',
  'emoji',
]);

/**
 * Capitalised words always spelled letter by letter, even in a line written all in capitals; the
 * longer ones are those English spelling would read as a word ("UCLA" as "uckla").
 */
const LETTER_ACRONYMS = new Set([
  'la',
  'ny',
  'ucla',
  'aclu',
  'usa',
  'uk',
  'eu',
  'us',
  'atm',
  'vip',
  'ceo',
  'fbi',
  'cia',
  'nba',
  'nfl',
  'dna',
  'id',
  'iou',
  'ufo',
  'ai',
  'bbq',
  'asap',
  'rip',
  'lol',
  'omg',
  'fyi',
  'irl',
  'pr',
  'pc',
  'ac',
  'uv',
  'usb',
  'ep',
  'lp',
  'aka',
  'eta',
  'mvp',
  'ot',
  'ko',
]);

/** Short words often written in capitals for emphasis ("I said NO"): said as words. */
const EMPHASIS_WORDS = new Set(
  (
    'no go so oh yo yes yeah yea wow hey up on off me my we he it is in to do be by an or if at ' +
    'the and you out one two ten big all now top hot bad mad run get got let see say fly why sky ' +
    'cry try dry shy bye her him his she was are not new old war god man boy our own way day'
  ).split(' '),
);

/** Consonant letters an English word can open with ("str" in STREET, "ph" in PHONE). */
const WORD_ONSETS = new Set(
  (
    'b bl br c ch chr cl cr d dr dw f fl fr g gl gn gr h j k kl kn kr l m n p ph pl pr ps q r rh s sc ' +
    'sch scr sh shr sk sl sm sn sp sph spl spr sq st str sw t th thr tr tw v w wh wr x y z'
  ).split(' '),
);
/** Consonant letters an English word can close with ("nch" in BENCH, "rld" in WORLD). */
const WORD_CODAS = new Set(
  (
    'b bb bs bt bts c ch ck cks ct cts d dd ds dth f ff fs ft fth fths fts g gg gh ghs ght ghth ghts ' +
    'gn gns gs h k ks l ld lds lf lfth lk lks ll lls lm lms lp lps ls lt lth lts m mb mbs mn mns mp ' +
    'mps mpt mpts ms mt n nch nct ncts nd nds ng ngs ngst ngth ngths nk nks nn ns nst nt nth nths nts ' +
    'p ph phs pp ps pt pth pths pts r rb rbs rch rd rds rf rg rgs rk rks rl rld rlds rls rm rms rmth ' +
    'rn rns rnt rp rps rr rs rst rsts rt rth rths rts s sh sk sks sm sp sps ss st sts t tch th ths ' +
    'ts tt w wd wk wks wl wls wn wns ws wth x xt xts z zz'
  ).split(' '),
);

/**
 * Whether a capital run longer than three letters reads as a word by English spelling: its first
 * vowel opened by consonants a word can start with and its last closed by ones a word can end on,
 * and no doubled A, I or U ("NCAA", "ESPN", "LAPD" and "NYPD" are read letter by letter, "SWAT",
 * "LOVE" and "CRAZY" as words).
 */
function readsAsWord(lower: string): boolean {
  if (/aa|ii|uu/.test(lower)) return false;
  const onset = /^y?[^aeiouy]*/.exec(lower)![0];
  const coda = /[^aeiouy]*$/.exec(lower)![0];
  return (onset === '' || WORD_ONSETS.has(onset)) && (coda === '' || WORD_CODAS.has(coda));
}

/**
 * Sounds written without a vowel, common in lyrics: a TTS voice spells them letter by letter
 * (Flite: "skrrt" → e s k a r a r t iy, "hmm" → h m m), so each goes to the voice as a word
 * it says alike.
 */
const VOWELLESS_SOUNDS: readonly (readonly [RegExp, string])[] = [
  [/^sk+r+t+$/i, 'skirt'],
  [/^b+r{2,}$/i, 'burr'],
  [/^g+r{2,}$/i, 'gurr'],
  [/^h+m+$/i, 'hum'],
  [/^m{2,}$/i, 'umm'],
  [/^p+s+t+$/i, 'pist'],
  [/^t+s+k+$/i, 'tisk'],
];

const vowellessSound = (word: string): string | undefined =>
  VOWELLESS_SOUNDS.find(([pattern]) => pattern.test(word))?.[1];

/** A run of capitals said letter by letter, or null when it is a word ("NASA", "LOVE"). */
function spelledLetters(piece: string, shoutedLine: boolean): string[] | null {
  const m = /^([A-Z]{2,6})('?s)?$/.exec(piece);
  if (!m) return null;
  const lower = m[1]!.toLowerCase();
  if (SPOKEN_ACRONYMS.has(lower)) return null;
  // No vowel to read it by (Y counts only at the end: MY, WHY): NYC, DJ, BPM, NYPD.
  const unpronounceable = !/[aeiou]|y$/.test(lower);
  const spell =
    LETTER_ACRONYMS.has(lower) ||
    unpronounceable ||
    (!shoutedLine && lower.length <= 3 && !EMPHASIS_WORDS.has(lower)) ||
    (lower.length > 3 && !readsAsWord(lower));
  if (!spell) return null;
  const letters = letterWords(lower);
  if (m[2]) letters[letters.length - 1] += "'s";
  return letters;
}

/** Dotted initials: "a.m.", "U.S.", "D.C.", and without the last dot, "N.W.A". */
function dottedLetters(piece: string): string[] | null {
  if (!/^(?:[a-z]\.)+[a-z]\.?$/i.test(piece)) return null;
  return letterWords(piece.replace(/\./g, ''));
}

/** Word-internal apostrophes survive; curly quotes become straight ones first. */
const cleanWord = (w: string) =>
  w
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[^a-z']/g, '')
    .replace(/^'+(?!em\b|cause\b|til\b|bout\b|round\b)/, '')
    .replace(/'+$/, (m, offset: number, s: string) => (/in$/.test(s.slice(0, offset)) ? "'" : ''));

/** Dropped-g endings ("runnin'") are spoken with their g: TTS lexicons only know the full form. */
function expandDroppedG(word: string): string {
  return /[a-z]{2,}in'$/.test(word) ? `${word.slice(0, -1)}g` : word;
}

/** Units after a number: [said after exactly one, said after any other amount]. */
const UNITS: Record<string, [string, string]> = {
  km: ['kilometer', 'kilometers'],
  kms: ['kilometers', 'kilometers'],
  m: ['meter', 'meters'],
  cm: ['centimeter', 'centimeters'],
  mm: ['millimeter', 'millimeters'],
  kg: ['kilogram', 'kilograms'],
  kgs: ['kilograms', 'kilograms'],
  g: ['gram', 'grams'],
  mg: ['milligram', 'milligrams'],
  ml: ['milliliter', 'milliliters'],
  lb: ['pound', 'pounds'],
  lbs: ['pounds', 'pounds'],
  oz: ['ounce', 'ounces'],
  tsp: ['teaspoon', 'teaspoons'],
  tbsp: ['tablespoon', 'tablespoons'],
  gal: ['gallon', 'gallons'],
  yd: ['yard', 'yards'],
  yds: ['yards', 'yards'],
  yr: ['year', 'years'],
  yrs: ['years', 'years'],
  kb: ['kilobyte', 'kilobytes'],
  mb: ['megabyte', 'megabytes'],
  gb: ['gigabyte', 'gigabytes'],
  tb: ['terabyte', 'terabytes'],
  pts: ['points', 'points'],
  pcs: ['pieces', 'pieces'],
  fps: ['f p s', 'f p s'],
  mph: ['mile per hour', 'miles per hour'],
  kph: ['kilometer per hour', 'kilometers per hour'],
  'km/h': ['kilometer per hour', 'kilometers per hour'],
  mi: ['mile', 'miles'],
  ft: ['foot', 'feet'],
  min: ['minute', 'minutes'],
  mins: ['minutes', 'minutes'],
  sec: ['second', 'seconds'],
  secs: ['seconds', 'seconds'],
  h: ['hour', 'hours'],
  hr: ['hour', 'hours'],
  hrs: ['hours', 'hours'],
  bpm: ['b p m', 'b p m'],
  '%': ['percent', 'percent'],
  '°': ['degree', 'degrees'],
  '°c': ['degree celsius', 'degrees celsius'],
  '°f': ['degree fahrenheit', 'degrees fahrenheit'],
  '¢': ['cent', 'cents'],
  // Currency codes after the amount ("100 USD"): said as the money, not as letters.
  usd: ['dollar', 'dollars'],
  eur: ['euro', 'euros'],
  gbp: ['pound', 'pounds'],
};

/** Units also read when written apart from the number ("60 mph"); one-letter ones only glued ("5m"). */
const isSpacedUnit = (word: string) => word.length > 1 && UNITS[word.toLowerCase()] !== undefined;

function unitWords(unit: string, singular: boolean): string[] {
  const forms = UNITS[unit.toLowerCase()]!;
  return forms[singular ? 0 : 1].split(' ');
}

const CURRENCIES: Record<string, { one: string; many: string; cent: string; cents: string }> = {
  $: { one: 'dollar', many: 'dollars', cent: 'cent', cents: 'cents' },
  '€': { one: 'euro', many: 'euros', cent: 'cent', cents: 'cents' },
  '£': { one: 'pound', many: 'pounds', cent: 'penny', cents: 'pence' },
  '¥': { one: 'yen', many: 'yen', cent: 'sen', cents: 'sen' },
  '₹': { one: 'rupee', many: 'rupees', cent: 'paisa', cents: 'paise' },
};
/** A character class of the given signs, for building patterns from the tables above. */
const signClass = (signs: string[]) => `[${signs.map((c) => c.replace(/[\\^\]-]/g, '\\$&')).join('')}]`;
const AMOUNT = new RegExp(
  `^(${signClass(Object.keys(CURRENCIES))})(?=\\d|\\.\\d)(\\d[\\d,]*)?(?:\\.(\\d{1,2}))?(k|m|bn|b)?$`,
  'i',
);
const SCALE_SUFFIX: Record<string, string> = { k: 'thousand', m: 'million', b: 'billion', bn: 'billion' };

const MERIDIEM = /^(?:am|pm|a\.m\.?|p\.m\.?)$/i;
const meridiemWords = (text: string) => [letterWord(text[0]!.toLowerCase()), 'm'];

/**
 * "9:45" -> nine forty five, "7:05" -> seven oh five, "12:00" -> twelve o'clock; the 24-hour
 * clock's first hour is twelve ("00:30" -> twelve thirty), and "00:00" midnight.
 */
function timeWords(hours: number, minutes: number): string[] {
  if (hours === 0 && minutes === 0) return ['midnight'];
  const hour = cardinalWords(hours === 0 ? 12 : hours);
  // "13:00": thirteen hundred, as a 24-hour clock is read.
  if (minutes === 0) return [...hour, hours > 12 ? 'hundred' : "o'clock"];
  return [...hour, ...minuteWords(minutes)];
}

/** Minutes or seconds on a clock (1 to 59): "05" is oh five. */
const minuteWords = (n: number): string[] => (n < 10 ? ['oh', ...cardinalWords(n)] : cardinalWords(n));

/** Plain integers: four digits from 1100 to 2099 without a comma read as a year. */
function integerWords(raw: string): string[] {
  const n = Number(raw.replace(/,/g, ''));
  if (!raw.includes(',') && raw.length === 4 && n >= 1100 && n <= 2099) return yearWords(n);
  return cardinalWords(n);
}

const decimalWords = (whole: string, fraction: string) => [
  ...integerWords(whole),
  'point',
  ...fraction.split('').flatMap((d) => cardinalWords(Number(d))),
];

/** A fraction after a whole number ("2 1/2 men": two and a half men). */
const AFTER_WHOLE: Record<string, string[]> = {
  '1/2': ['and', 'a', 'half'],
  '1/3': ['and', 'a', 'third'],
  '2/3': ['and', 'two', 'thirds'],
  '1/4': ['and', 'a', 'quarter'],
  '3/4': ['and', 'three', 'quarters'],
};

const FRACTIONS: Record<string, string[]> = {
  '1/2': ['one', 'half'],
  '1/3': ['one', 'third'],
  '2/3': ['two', 'thirds'],
  '1/4': ['one', 'quarter'],
  '3/4': ['three', 'quarters'],
};

/** Fractions written as one character: alone ("½ a mile": half a mile) and after a whole number. */
const FRACTION_CHARACTERS: Record<string, { alone: string[]; after: string[] }> = {
  '½': { alone: ['half'], after: ['and', 'a', 'half'] },
  '¼': { alone: ['a', 'quarter'], after: ['and', 'a', 'quarter'] },
  '¾': { alone: ['three', 'quarters'], after: ['and', 'three', 'quarters'] },
  '⅓': { alone: ['a', 'third'], after: ['and', 'a', 'third'] },
  '⅔': { alone: ['two', 'thirds'], after: ['and', 'two', 'thirds'] },
};

/** Drum machines every producer names digit by digit: "808s" are eight oh eights. */
const DRUM_MACHINES = new Set(['808', '909']);

/** The digits of `text` said one by one, zero as "oh" (phone numbers); dashes and dots are not said. */
const digitWords = (text: string): string[] =>
  text
    .replace(/\D/g, '')
    .split('')
    .flatMap((d) => (d === '0' ? ['oh'] : cardinalWords(Number(d))));

/**
 * A number written the European way, as the usual one: a decimal comma ("1,5 liters", "€0,50": one or
 * two digits after it; three are thousands) and thousands dots ("10.000", "1.000.000"; "3.141" stays
 * a decimal).
 */
function europeanNumber(raw: string): string {
  if (/^\d{1,3}(?:\.\d{3}){2,}$|^\d{1,3}\.000$/.test(raw)) return raw.replace(/\./g, '');
  return raw.replace(/^(\D?\d+),(\d{1,2})(?=\D*$)/, '$1.$2');
}

/** A fraction said as a score ("10/10", "9/10 times": nine out of ten). */
const SCORE_DENOMINATORS = new Set(['10', '100']);

/** Number forms of one written piece; null when it is not one. */
function numberToWords(written: string): string[] | null {
  const raw = europeanNumber(written);
  let m = AMOUNT.exec(raw);
  if (m) {
    const currency = CURRENCIES[m[1]!]!;
    const whole = Number((m[2] ?? '0').replace(/,/g, ''));
    if (m[4]) {
      const amount = m[3] ? decimalWords(m[2] ?? '0', m[3]) : cardinalWords(whole);
      return [...amount, SCALE_SUFFIX[m[4].toLowerCase()]!, currency.many];
    }
    const cents = m[3] ? Number(m[3].padEnd(2, '0')) : 0;
    const centWords = [...cardinalWords(cents), cents === 1 ? currency.cent : currency.cents];
    if (whole === 0 && cents) return centWords;
    const words = [...cardinalWords(whole), whole === 1 ? currency.one : currency.many];
    return cents ? [...words, 'and', ...centWords] : words;
  }
  // "9:45", "9:45pm", and "2.30pm" written the British way (without its am or pm, a decimal).
  m = /^(\d{1,2})(?::|\.(?=\d\d(?:am|pm|a\.m\.?|p\.m\.?)$))([0-5]\d)(am|pm|a\.m\.?|p\.m\.?)?$/i.exec(raw);
  if (m && Number(m[1]) <= 24) {
    const words = timeWords(Number(m[1]), Number(m[2]));
    if (!m[3]) return words;
    if (words[0] === 'midnight') return ['twelve', ...meridiemWords(m[3])];
    if (words[words.length - 1] === "o'clock") words.pop();
    return [...words, ...meridiemWords(m[3])];
  }
  // "1:05:30": one oh five thirty (a clock with its seconds, or a race time).
  m = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/.exec(raw);
  if (m) {
    const [hours, minutes, seconds] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (seconds === 0) return timeWords(hours, minutes);
    return [...timeWords(hours, minutes).filter((w) => w !== "o'clock"), ...minuteWords(seconds)];
  }
  // "3:2", "16:9": a ratio (a time has two digits of minutes).
  m = /^(\d+):(\d)$/.exec(raw);
  if (m) return [...integerWords(m[1]!), 'to', ...integerWords(m[2]!)];
  m = /^(\d{1,2})(am|pm|a\.m\.?|p\.m\.?)$/i.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), ...meridiemWords(m[2]!)];
  m = /^(\d+)(st|nd|rd|th)$/i.exec(raw);
  if (m) return ordinalWords(Number(m[1]));
  // The 2000s' first decade: "the 00s", "'00s" (two thousands).
  if (/^'?00'?s$/.test(raw)) return ['two', 'thousands'];
  m = /^'?(\d{2}|\d{4})'?s$/.exec(raw);
  if (m) return decadeWords(Number(m[1]));
  // "3's and 7's": threes and sevens.
  m = /^(\d+)'s$/.exec(raw);
  if (m) {
    const words = integerWords(m[1]!);
    return [...words.slice(0, -1), pluralNumberWord(words[words.length - 1]!)];
  }
  // ".5": point five (".45", ".38" stay numbers: a calibre is said that way).
  m = /^\.(\d)$/.exec(raw);
  if (m) return ['point', ...cardinalWords(Number(m[1]))];
  // "class of '09": oh nine; "'00": two thousand.
  m = /^'(\d{2})$/.exec(raw);
  if (m) {
    if (m[1] === '00') return ['two', 'thousand'];
    return m[1]!.startsWith('0') ? digitWords(m[1]!) : cardinalWords(Number(m[1]));
  }
  m = /^(\d*)([½¼¾⅓⅔])$/.exec(raw);
  if (m) {
    const fraction = FRACTION_CHARACTERS[m[2]!]!;
    return m[1] ? [...integerWords(m[1]), ...fraction.after] : fraction.alone;
  }
  m = /^(\d{3})(s?)$/.exec(raw);
  if (m && DRUM_MACHINES.has(m[1]!)) {
    const words = digitWords(m[1]!);
    if (m[2]) words.push(pluralNumberWord(words.pop()!));
    return words;
  }
  m = /^(\d+)\/(\d+)$/.exec(raw);
  if (m && SCORE_DENOMINATORS.has(m[2]!) && Number(m[1]) <= Number(m[2]))
    return [...cardinalWords(Number(m[1])), 'out', 'of', ...cardinalWords(Number(m[2]))];
  if (m) return FRACTIONS[raw] ?? [...cardinalWords(Number(m[1])), ...cardinalWords(Number(m[2]))];
  // "867-5309", "555-123-4567", "1-555-1234": a phone number is said digit by digit, zero as "oh";
  // a toll-free code after a leading 1 as a number ("1-800-555-0199": one eight hundred...).
  m = /^(?:(1)-)?(?:(\d{3})-)?(\d{3}-\d{4})$/.exec(raw);
  if (m) {
    const area = m[2] ? (m[1] && m[2].endsWith('00') ? cardinalWords(Number(m[2])) : digitWords(m[2])) : [];
    return [...(m[1] ? ['one'] : []), ...area, ...digitWords(m[3]!)];
  }
  // Dimensions: "4x4" is four by four.
  m = /^(\d+)x(\d+)(s?)$/i.exec(raw);
  if (m) {
    const words = [...integerWords(m[1]!), 'by', ...integerWords(m[2]!)];
    // "2x4s": two by fours.
    if (m[3]) words.push(pluralNumberWord(words.pop()!));
    return words;
  }
  // "50-50" and "24-7" are said without "to".
  if (/^(\d+)-\1$/.test(raw) || raw === '24-7') return raw.split('-').flatMap((n) => integerWords(n));
  m = /^(\d[\d,]*)[-–](\d[\d,]*)$/.exec(raw);
  if (m) return [...integerWords(m[1]!), 'to', ...integerWords(m[2]!)];
  // "5-10%", "$5-$10": the unit or the money said once, after the second amount.
  m = /^(\D?)(\d[\d,]*)-\1?(\d[\d,.]*\D{0,3})$/.exec(raw);
  const upper = m && numberToWords(`${m[1]}${m[3]}`);
  if (m && upper) return [...integerWords(m[2]!), 'to', ...upper];
  // "9am-5pm", "9:00-5:00", "1990s-2000s": any two amounts as a range.
  m = /^([^-]+)-([^-]+)$/.exec(raw);
  const [from, to] =
    m && /^\d/.test(m[1]!) && /^\d/.test(m[2]!) ? [numberToWords(m[1]!), numberToWords(m[2]!)] : [];
  if (from && to) return [...from, 'to', ...to];
  // A height: 6'2" is six foot two; 6' six foot, 10" ten inches.
  m = /^(\d)'(\d{1,2})"?$/.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), 'foot', ...cardinalWords(Number(m[2]))];
  m = /^(\d)'$/.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), 'foot'];
  m = /^(\d{1,2})"$/.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), m[1] === '1' ? 'inch' : 'inches'];
  // "-5", "-10°C": minus and the amount, its unit included.
  m = /^[-\u2212](\d.*)$/.exec(raw);
  if (m) {
    const amount = numberToWords(m[1]!);
    if (amount) return ['minus', ...amount];
  }
  // 911 is the emergency number: nine one one.
  if (raw === '911') return digitWords(raw);
  // A number written with a leading zero ("007", "0420") is said digit by digit, zero as "oh".
  if (/^0\d+$/.test(raw)) return digitWords(raw);
  // "555.123.4567": a phone number written with dots.
  if (/^\d{3}\.\d{3}\.\d{4}$/.test(raw)) return digitWords(raw);
  m = /^(\d[\d,]*)(?:\.(\d+))?(%|¢|°[cf]?|[a-z]+(?:\/h)?)?$/i.exec(raw);
  if (m) {
    const amount = m[2] ? decimalWords(m[1]!, m[2]) : integerWords(m[1]!);
    if (!m[3]) return amount;
    const unit = m[3].toLowerCase();
    if (unit === 'k') return [...amount, 'k'];
    if (unit === 'x') return [...amount, 'times'];
    // "5G", "10G": the letter (a network, ten grand); "5g" is grams.
    if (m[3] === 'G') return [...amount, 'g'];
    // "1.5M views": a million; "5m" is meters.
    if (m[3] === 'M') return [...amount, 'million'];
    if (!UNITS[unit]) return null;
    return [...amount, ...unitWords(unit, !m[2] && Number(m[1]) === 1)];
  }
  return null;
}

/** Where a glued piece splits: symbols, hyphens, slashes, a dot between words, letters against digits. */
const GLUED_PARTS = new RegExp(
  `(${signClass(Object.keys(SYMBOLS))}|-|\\/|(?<=[a-z])\\.(?=[a-z])|(?<=\\d)[()[\\]{}]|[()[\\]{}](?=\\d)|(?<=[a-z])(?=\\d)|(?<=\\d)(?=[a-z])(?!(?:st|nd|rd|th)(?![a-z])))`,
  'i',
);

/** Words after which a number from 1010 to 1099 is a year ("since 1066"). */
const YEAR_BEFORE = new Set(['in', 'since', 'year', 'until', 'till', 'circa', 'ca.', 'from']);

/** Names a roman numeral after which is an ordinal ("Henry VIII": Henry the eighth). */
const REGNAL_NAMES = new Set(
  (
    'henry louis elizabeth charles george edward william richard james john paul pius leo ' +
    'benedict gregory victoria mary anne philip frederick alexander peter nicholas'
  ).split(' '),
);

/** Words a roman numeral counts after, capitalised or not ("part II", "World War II", "Super Bowl LVII"). */
const NUMBERED_WORDS = new Set(
  'part chapter volume vol act round episode season book level phase war bowl wrestlemania'.split(' '),
);

const ROMAN_VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };

/** II to XXXIX: read as a number after any name ("Rocky IV", "Final Fantasy VII"). */
const SHORT_ROMAN = /^X{0,3}(?:IX|IV|VI{0,3}|I{1,3})$/;
/** I to LXXXIX: a single letter or one with an L is a number only after a numbered thing. */
const ROMAN = /^(?:XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;

/**
 * A roman numeral after a name or a numbered thing: "Part II" is part two, "Henry VIII" Henry the
 * eighth, "Super Bowl LVII" fifty-seven, "Act V" act five. A numeral of one letter or with an L
 * ("XL", "LV") counts only after a numbered thing, or (V and X) a king's name: "Louis V" is a bag
 * and "Supreme XL" a size. Anywhere else capitals are letters ("an IV drip"), and "I" is the
 * pronoun ("the part I love").
 */
function romanNumeralWords(
  piece: string,
  previous: string | undefined,
  shoutedLine: boolean,
): string[] | null {
  if (!previous || piece === 'I' || !ROMAN.test(piece)) return null;
  const before = previous.toLowerCase();
  const regnal = REGNAL_NAMES.has(before);
  const numbered = NUMBERED_WORDS.has(before);
  if (piece.length < 2 || !SHORT_ROMAN.test(piece)) {
    if (!numbered && !(regnal && before !== 'louis' && (piece === 'V' || piece === 'X'))) return null;
  } else {
    // In a line written in capitals only a known name or a numbered thing tells a numeral from a word.
    const named = shoutedLine ? regnal : /^[A-Z][a-z]/.test(previous);
    if (!named && !numbered) return null;
  }
  let n = 0;
  for (let i = 0; i < piece.length; i++) {
    const v = ROMAN_VALUES[piece[i]!]!;
    n += v < (ROMAN_VALUES[piece[i + 1] ?? ''] ?? 0) ? -v : v;
  }
  return regnal ? ['the', ...ordinalWords(n)] : cardinalWords(n);
}

/** A web address's last part ("bops.app", "site.com/live"). */
const WEB_ENDING = /[a-z]\.(?:com|net|org|app|io|co|fm|tv|me|uk|us|dev|gg|ly|info|biz)(?:\/|$)/i;

/** Letters the voices can say once accents are taken off ("café" -> "cafe"). */
/** Latin letters that are not a letter and an accent, written as English would ("straße", "Øresund"). */
const OTHER_LATIN: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'Th',
  ð: 'th',
  ı: 'i',
};
const stripAccents = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßøØłŁæÆœŒđĐþÞðı]/g, (c) => OTHER_LATIN[c]!);

/** Marks that only shape the written line; dropping them loses nothing that is spoken. */
const SILENT_MARKS = /[.,!?¡¿;:"'()[\]{}\u2026\-\u2013\u2014/_~|•·]/g;

function refuseUnsayable(piece: string): never {
  const character = [...piece.replace(/[a-z0-9']/gi, '').replace(SILENT_MARKS, '')][0] ?? piece;
  throw new RenderInputError(
    `The lyrics contain "${character}" (in "${piece.slice(0, 40)}"), which we cannot sing. ` +
      'Write it as words or remove it.',
  );
}

/**
 * Turns one lyric line into display tokens with the words a TTS voice should say. Every written
 * piece is either spoken or punctuation; anything else (emoji, other scripts) is refused with a
 * RenderInputError rather than dropped.
 */
export function normalizeLine(line: string): NormalizedToken[] {
  const tokens: NormalizedToken[] = [];
  const raw = line
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a]/g, '"')
    // An en dash inside a range ("Mon–Fri", "3–4") is its hyphen; elsewhere a dash is a pause.
    .replace(/(?<=[\p{L}\p{N}])\u2013(?=[\p{L}\p{N}])/gu, '-')
    .replace(/[\u2013\u2014]/g, ' ')
    // Invisible characters text pasted from a page carries (zero-width spaces and joiners, a byte
    // order mark, a soft hyphen): nothing a person can see, so nothing to name in an error.
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    // Music notes around a sung line mark it, as a lyrics page writes it ("♪ hold on ♪").
    .replace(/[\u2669-\u266c]/g, ' ');
  // A line written all in capitals is shouted, not a row of acronyms.
  const shoutedLine = !/[a-z]/.test(raw) && /[A-Z]{2}/.test(raw);
  let previousWasNumber = false;
  // The asterisks or underscores that opened emphasis over several words ("*repeat chorus*").
  let openEmphasis: string | undefined;
  const pieces = raw.split(/\s+/).filter(Boolean);
  for (const [at, piece] of pieces.entries()) {
    // A short form is shown with its dot ("St. Louis"); everything else without a sentence's full stop.
    // Asterisks or underscores around a word are emphasis ("*yeah*"); after its first letter they
    // hide letters ("f***"), which no voice can guess, unless they close the emphasis a word
    // before opened with the same marks.
    const unwrapped = piece.replace(/^[("[{¡¿]+|[)"\]},;:!?]+$/g, '');
    let written = unwrapped.replace(/^([*_]+)(.*?)[*_]*$/, '$2');
    const opening = /^([*_]+)[^*_]*[^*_.,]$/.exec(unwrapped.replace(/[.,]+$/, ''));
    const closing = /^[^*_]+?([*_]+)\.?$/.exec(unwrapped);
    if (opening) openEmphasis = opening[1];
    else if (openEmphasis && closing && closing[1] === openEmphasis) {
      written = unwrapped.replace(/[*_]+(?=\.?$)/, '');
      openEmphasis = undefined;
    }
    const bare = written.replace(/(?<![a-z]\.[a-z]|\.)\.+$/i, '');
    const lower = piece.toLowerCase().replace(/[,;:!?"]+$/, '');
    const afterNumber = previousWasNumber;
    previousWasNumber = false;
    const push = (spoken: string[], display = bare || piece) => {
      if (spoken.length) tokens.push({ display, spoken });
    };
    // "6 ft. tall": a unit after a number, whatever the same letters mean elsewhere.
    if (afterNumber && isSpacedUnit(bare)) {
      const previous = tokens[tokens.length - 1]!;
      push(unitWords(bare, previous.spoken.length === 1 && previous.spoken[0] === 'one'));
      continue;
    }
    const next = pieces[at + 1] ?? '';
    // "St. Louis" is a saint, "Main St." a street (a name before it that does not open the line);
    // "Ft. Worth" a fort, "ft. Drake" featuring.
    const afterStreetName = at > 1 && /^[A-Z]/.test(pieces[at - 1]!);
    if (lower === 'st.' && /^[A-Z]/.test(next) && !afterStreetName) {
      push(['saint'], written);
      continue;
    }
    if (lower === 'ft.' && FORT_PLACES.has(next.toLowerCase().replace(/[^a-z]/g, ''))) {
      push(['fort'], written);
      continue;
    }
    if (ABBREVIATIONS[lower]) {
      push(ABBREVIATIONS[lower], lower.endsWith('.') ? written : bare || piece);
      continue;
    }
    // A short form written without a dot at the end of a sentence ("it's ok."), or as texted.
    const shortForm =
      ABBREVIATIONS[bare.toLowerCase()] ?? TEXT_SPEAK[stripAccents(bare.toLowerCase()).replace(/[()]/g, '')];
    if (shortForm) {
      push(shortForm);
      continue;
    }
    // "Feb 14", "Oct 31st": a month written short before its day.
    const month = /^[A-Z][a-z]{2,3}$/.test(bare) ? SHORT_MONTHS[lower] : undefined;
    if (month && /^(?:[12]?\d|3[01])(?:st|nd|rd|th)?\b/i.test(next)) {
      push([month]);
      continue;
    }
    // "Mon-Fri": a range of days.
    const days = /^([a-z]{3,5})\.?-([a-z]{3,5})\.?$/.exec(bare.toLowerCase());
    const [firstDay, lastDay] = days ? [DAYS[days[1]!], DAYS[days[2]!]] : [];
    if (firstDay && lastDay) {
      push([firstDay, 'to', lastDay]);
      continue;
    }
    // "5th Ave", "Park Ave": an avenue after a number or a name ("Ave Maria" is not one).
    if (lower === 'ave' && at > 0 && /^(?:\d+(?:st|nd|rd|th)|[A-Z][a-z]+)$/.test(pieces[at - 1]!)) {
      push(['avenue']);
      continue;
    }
    // "5 x 5", "5 * 5" between two numbers.
    if (afterNumber && /^\d/.test(next) && (lower === 'x' || piece === '*')) {
      push([lower === 'x' ? 'by' : 'times'], piece);
      continue;
    }
    // "No. 1": number one; "no." elsewhere is the word.
    if (lower === 'no.' && /^\d/.test(pieces[at + 1] ?? '')) {
      push(['number']);
      continue;
    }
    const numbered = /^no\.(\d+)$/i.exec(bare);
    if (numbered) {
      push(['number', ...integerWords(numbered[1]!)]);
      continue;
    }
    // "5 1/2": five and a half.
    const fraction = afterNumber && !/[,;:!?.]$/.test(pieces[at - 1]!) ? AFTER_WHOLE[bare] : undefined;
    if (fraction) {
      push(fraction);
      continue;
    }
    // "7 pm", "60 mph": the piece before was a number.
    if (afterNumber && MERIDIEM.test(bare)) {
      // "10:00 am" is "ten a m", not "ten o'clock a m".
      const previous = tokens[tokens.length - 1]!;
      if (previous.spoken.length > 1 && previous.spoken[previous.spoken.length - 1] === "o'clock")
        previous.spoken = previous.spoken.slice(0, -1);
      push(meridiemWords(bare));
      continue;
    }
    // "(555) 123-4567": the area code of a phone number, digit by digit.
    if (/^\(\d{3}\)$/.test(piece) && /^\d{3}-\d{4}\b/.test(pieces[at + 1] ?? '')) {
      push(digitWords(bare));
      continue;
    }
    // "in 1066": a year of the eleventh century is ten sixty-six where a year is meant; elsewhere
    // ("1066 people") a thousand and more.
    if (/^10[1-9]\d$/.test(bare) && YEAR_BEFORE.has(tokens[tokens.length - 1]?.display.toLowerCase() ?? '')) {
      push(yearWords(Number(bare)));
      previousWasNumber = true;
      continue;
    }
    // "2.30 pm": a British clock, told from a decimal by the am or pm after it (which drops its o'clock).
    const dottedClock = /^(\d{1,2})\.([0-5]\d)$/.exec(bare);
    if (dottedClock && Number(dottedClock[1]) <= 12 && MERIDIEM.test(next.replace(/[,;:!?]+$/, ''))) {
      push(timeWords(Number(dottedClock[1]), Number(dottedClock[2])));
      previousWasNumber = true;
      continue;
    }
    // "3²": a power, not the digit it decomposes to ("32").
    const power = /^(\d+)([²³])$/.exec(bare);
    if (power) {
      push([...integerWords(power[1]!), power[2] === '²' ? 'squared' : 'cubed']);
      continue;
    }
    const numeric = numberToWords(bare);
    if (numeric) {
      push(numeric);
      previousWasNumber = /^[-\u2212]?\d[\d,.:]*(?:[-–]\d[\d,.]*)?$/.test(bare);
      continue;
    }
    if (SYMBOLS[bare]) {
      push(SYMBOLS[bare]);
      continue;
    }
    const dotted = dottedLetters(bare);
    if (dotted) {
      push(dotted);
      continue;
    }
    // A dollar sign inside a name is an "s" ("Ke$ha", "A$AP").
    const plain = stripAccents(bare)
      .replace(/(?<=[a-z])\$(?=[a-z])|^\$(?=[a-z]{2})|(?<=[a-z]{2})\$$/gi, 's')
      .replace(/(?<=[a-z])!(?=[a-z])/gi, 'i');
    const roman = romanNumeralWords(plain, tokens[tokens.length - 1]?.display, shoutedLine);
    if (roman) {
      push(roman);
      continue;
    }
    const sound = vowellessSound(plain);
    if (sound) {
      push([sound]);
      continue;
    }
    const letters = spelledLetters(plain, shoutedLine);
    if (letters) {
      push(letters);
      continue;
    }
    // Capitals joined by "&" are initials ("AT&T", "R&B").
    if (/^[A-Z]+&[A-Z]+$/.test(plain)) {
      const [left, right] = plain.split('&') as [string, string];
      push([...letterWords(left), 'and', ...letterWords(right)]);
      continue;
    }
    // Split glued forms ("rock&roll", "day-to-day", "R2", "#1", "@night") into sayable parts. A
    // web or mail address ("bops.app/live", "me@bops.app") is said with its dots and slashes; a
    // dot between two words otherwise is a missing space ("there.Then").
    const address = /[a-z]\.[a-z]/i.test(plain) && (/@|^www\.|:\/\//i.test(plain) || WEB_ENDING.test(plain));
    const parts = plain.split(GLUED_PARTS).filter((p) => p && p !== '-' && (address || p !== '/'));
    const spoken: string[] = [];
    for (const [k, part] of parts.entries()) {
      const n = numberToWords(part);
      if (n) spoken.push(...n);
      // "MP3s": the number said as a plural (m p threes), not followed by an "s".
      else if (/^s$/i.test(part) && k > 0 && /\d$/.test(parts[k - 1]!) && spoken.length)
        spoken.push(pluralNumberWord(spoken.pop()!));
      else if (part === '#' && parts[k + 1] && !/^\d/.test(parts[k + 1]!)) spoken.push('hashtag');
      else if (part === '.' || part === '/') {
        if (address) spoken.push(part === '.' ? 'dot' : 'slash');
      }
      // "x2": times two.
      else if (/^x$/i.test(part) && /^\d/.test(parts[k + 1] ?? '')) spoken.push('times');
      else if (SYMBOLS[part]) spoken.push(...SYMBOLS[part]);
      else {
        if (/[^a-z0-9'\u2018\u2019\u02bc`]/i.test(part.replace(SILENT_MARKS, ''))) refuseUnsayable(piece);
        const w = expandDroppedG(cleanWord(part));
        // A lone letter of an address is the letter ("a@b.com": eigh at b dot com), not the article.
        if (address && /^[a-z]$/i.test(part)) spoken.push(letterWord(part.toLowerCase()));
        // Digits held to letters by a mark ("v.2"): each run said, none dropped.
        else if (/[a-z]/.test(w) && /\d/.test(part))
          for (const run of part.match(/\d+|[a-z']+/gi) ?? [])
            spoken.push(...(/\d/.test(run) ? integerWords(run) : [expandDroppedG(cleanWord(run))]));
        else if (/[a-z]/.test(w)) spoken.push(...(spelledLetters(part, shoutedLine) ?? [w]));
        else if (/\d/.test(part))
          spoken.push(
            ...part
              .split(/\D+/)
              .filter(Boolean)
              .flatMap((d) => integerWords(d)),
          );
      }
    }
    push(spoken);
  }
  return tokens;
}

/** The message for the first thing in the lyrics no voice can say, or null when all is sayable. */
export function unsayableInLyrics(lyrics: string): string | null {
  for (const line of lyrics.split(/\r?\n/)) {
    try {
      normalizeLine(line);
    } catch (error) {
      if (error instanceof RenderInputError) return error.message;
      throw error;
    }
  }
  return null;
}
