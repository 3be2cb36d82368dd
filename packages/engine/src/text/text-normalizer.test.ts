import { describe, expect, it } from 'vitest';
import { normalizeLine, unsayableInLyrics } from './text-normalizer.ts';
import { cardinalWords, yearWords } from './number-words.ts';
import { RenderInputError } from '../errors.ts';

const spoken = (line: string) =>
  normalizeLine(line)
    .flatMap((t) => t.spoken)
    .join(' ');

describe('text normalizer', () => {
  it('reads numbers, years, money, ordinals and decades', () => {
    expect(cardinalWords(2024).join(' ')).toBe('two thousand twenty four');
    expect(cardinalWords(150).join(' ')).toBe('one hundred fifty');
    expect(yearWords(1999).join(' ')).toBe('nineteen ninety nine');
    expect(spoken('Born in 1994, I was 1st')).toBe('born in nineteen ninety four i was first');
    expect(spoken('$5 on the 90s, 100% real')).toBe('five dollars on the nineties one hundred percent real');
    expect(spoken('24/7')).toBe('twenty four seven');
  });
  it('keeps contractions, restores dropped g, and reads symbols', () => {
    expect(spoken("Don't stop, we runnin' & gunnin'")).toBe("don't stop we running and gunning");
    expect(spoken('“Rock’n’roll” — day-to-day')).toBe("rock'n'roll day to day");
  });
  it('keeps the written token for display', () => {
    const tokens = normalizeLine('Top 10, yeah!');
    expect(tokens.map((t) => t.display)).toEqual(['Top', '10', 'yeah']);
    expect(tokens[1]!.spoken).toEqual(['ten']);
  });

  it('reads times of day', () => {
    expect(spoken('Woke up at 9:45')).toBe('woke up at nine forty five');
    expect(spoken('7:05 and 12:00')).toBe("seven oh five and twelve o'clock");
    expect(spoken('at 7 pm, 6am, 9:45pm, 11 p.m. and 10:00 a.m.')).toBe(
      'at seven p m six eigh m nine forty five p m eleven p m and ten eigh m',
    );
    // The 24-hour clock's first hour.
    expect(spoken('00:30, 0:05 and 00:00')).toBe('twelve thirty twelve oh five and midnight');
    expect(spoken('00:00am')).toBe('twelve eigh m');
    // "am" is only a time after a number.
    expect(spoken('I am here')).toBe('i am here');
  });

  it('spells abbreviations letter by letter and keeps spoken acronyms as words', () => {
    expect(spoken('NYC to LA, the DJ at 92 BPM')).toBe('n y c to l eigh the d j at ninety two b p m');
    expect(spoken('NASA and the USA, two DJs, MC Volt')).toBe("nasa and the u s eigh two d j's m c volt");
    expect(spoken('U.S. and D.C.')).toBe('u s and d c');
    // Shouted words stay words; a whole line in capitals is shouting, not acronyms.
    expect(spoken('I said NO, we LOVE it')).toBe('i said no we love it');
    expect(spoken('WE RUN THE CITY, NYC')).toBe('we run the city n y c');
    expect(spoken('OK')).toBe('okay');
  });

  it('says words written the way people text them', () => {
    expect(spoken('b4 the sun, 2nite we ride, gr8 minds, l8r')).toBe(
      'before the sun tonight we ride great minds later',
    );
    expect(spoken('thx. ur the one, B4 2NITE!')).toBe('thanks your the one before tonight');
    expect(spoken('omg idk, tbh, lol')).toBe('o m g i d k t b h lol');
    expect(spoken('fr fr, jk, IDGAF, TL;DR')).toBe('for real for real j k i d g eigh f t l d r');
    expect(spoken('my 401k and your 401(k)')).toBe('my four oh one k and your four oh one k');
  });

  it('reads millions, possessive acronyms, initials without their last dot and a short form ending a sentence', () => {
    expect(spoken('1.5M views, $5M, a 100m dash')).toBe(
      'one point five million views five million dollars a one hundred meters dash',
    );
    expect(spoken("the ABC's, my DJ's set")).toBe("the eigh b c's my d j's set");
    expect(spoken('N.W.A and U.S.A, a/k/a the man')).toBe('n w eigh and u s eigh eigh k eigh the man');
    expect(spoken("it's ok. Me vs. you")).toBe("it's okay me versus you");
    expect(spoken('.5 of a .45')).toBe('point five of a forty five');
  });

  it('reads titles and short forms, world wars, a fraction after a whole number and "No.1"', () => {
    expect(spoken('Dr Dre, Mrs Smith, Prof. X, Sgt. Pepper, Rev. Run')).toBe(
      'doctor dray missus smith professor x sergeant pepper reverend run',
    );
    expect(spoken('Abbey Rd., Murder Inc., Warner Bros., ca. 1990')).toBe(
      'abbey road murder incorporated warner brothers circa nineteen ninety',
    );
    expect(spoken('WWII and WW1')).toBe('world war two and world war one');
    expect(spoken('2 1/2 men, 5 1/2 feet, 1/2 a mile')).toBe(
      'two and a half men five and a half feet one half a mile',
    );
    expect(spoken('No.1 and 30 pts')).toBe('number one and thirty points');
    expect(spoken("he's 6' tall")).toBe("he's six foot tall");
  });

  it('takes marks around a word as emphasis, and still refuses letters hidden by them', () => {
    expect(spoken('*laughs* «yeah» „ok" this | that')).toBe('laughs yeah okay this that');
    expect(() => normalizeLine('what the f***')).toThrow(RenderInputError);
  });

  it('reads numbers written the European way, scores, ranges with a unit and years written short', () => {
    expect(spoken('1,5 liters, 5,5%, €0,50 and 10.000 people, 3.141')).toBe(
      'one point five liters five point five percent fifty cents and ten thousand people three point one four one',
    );
    expect(spoken('10/10, 9/10 times, 11/25')).toBe(
      'ten out of ten nine out of ten times eleven twenty five',
    );
    expect(spoken('5-10%, $5-$10, 20-30 mph, $.50')).toBe(
      'five to ten percent five to ten dollars twenty to thirty miles per hour fifty cents',
    );
    expect(spoken("class of '09, '00, the 00s, 3's and 7's")).toBe(
      'class of oh nine two thousand the two thousands threes and sevens',
    );
    expect(spoken('13:00 and 24:00')).toBe('thirteen hundred and twenty four hundred');
    expect(spoken('5th Ave, Ave Maria, 5 x 5, 2 * 3')).toBe(
      'fifth avenue ave maria five by five two times three',
    );
  });

  it('reads ranges of times and decades, en-dash ranges, names spelled with signs and other Latin letters', () => {
    expect(spoken('9am-5pm, 1990s-2000s, Mon–Fri 9–5')).toBe(
      'nine eigh m to five p m nineteen nineties to two thousands monday to friday nine to five',
    );
    expect(spoken('Ty Dolla $ign, $uicideboy$, P!nk, Ke$ha')).toBe('ty dolla sign suicideboys pink kesha');
    expect(spoken('straße in Łódź, Øresund')).toBe('strasse in lodz oresund');
    // A spaced dash is a pause, not a range.
    expect(spoken('3 – 4')).toBe('three four');
  });

  it('keeps the number glued to a bracket', () => {
    expect(spoken('5(x) and 1(2)')).toBe('five x and one two');
    expect(spoken('v.2 of it')).toBe('v two of it');
    expect(spoken('win(s)')).toBe('wins');
  });

  it('says sounds written without a vowel as words, not letters', () => {
    expect(spoken('Skrrt skrrt, brrr it is cold, GRRR')).toBe('skirt skirt burr it is cold gurr');
    expect(spoken('Hmm, mmm, PSST, tsk tsk')).toBe('hum umm pist tisk tisk');
    expect(spoken('10 mm and 5mm')).toBe('ten millimeters and five millimeters');
  });

  it('spells a longer capital run that English spelling cannot read as a word', () => {
    expect(spoken('NCAA on ESPN, the LAPD')).toBe('n c eigh eigh on e s p n the l eigh p d');
    expect(spoken('UCLA and the ACLU')).toBe('u c l eigh and the eigh c l u');
    expect(spoken('Call SWAT, we LOVE the STRENGTH of the QUEEN')).toBe(
      'call swat we love the strength of the queen',
    );
    expect(spoken('I WANT IT ALL, THE WORLD AND ITS STYLE')).toBe('i want it all the world and its style');
  });

  it('reads negative amounts with their units, ratios, clocks with seconds and ordinals before a hyphen', () => {
    expect(spoken('-10°C, -5 and -3.5 km')).toBe(
      'minus ten degrees celsius minus five and minus three point five kilometers',
    );
    expect(spoken('16:9 or 3:2')).toBe('sixteen to nine or three to two');
    expect(spoken('at 1:05:30, 1:05:00')).toBe('at one oh five thirty one oh five');
    expect(spoken('3rd-person 21st-century')).toBe('third person twenty first century');
  });

  it('reads phone numbers, 911 and numbers with a leading zero digit by digit, and cents', () => {
    expect(spoken('1-555-1234, (555) 123-4567, 555.123.4567')).toBe(
      'one five five five one two three four five five five one two three four five six seven five five five one two three four five six seven',
    );
    expect(spoken('Dial 911, agent 007, code 0420')).toBe(
      'dial nine one one agent oh oh seven code oh four two oh',
    );
    // A lone area code is a number.
    expect(spoken('(555)')).toBe('five hundred fifty five');
    expect(spoken('50¢ and 1¢')).toBe('fifty cents and one cent');
  });

  it('expands street and other written abbreviations', () => {
    expect(spoken('Mt. Everest off Sunset Blvd, 5th Ave. by Hwy 1')).toBe(
      'mount everest off sunset boulevard fifth avenue by highway one',
    );
    expect(spoken('Apt. 4, approx. 5')).toBe('apartment four approximately five');
  });

  it('reads a short form by what stands beside it', () => {
    expect(spoken("St. Louis on St. Patrick's Day, down on Main St. tonight")).toBe(
      "saint louis on saint patrick's day down on main street tonight",
    );
    expect(spoken('we met on Grand St. Then we left')).toBe('we met on grand street then we left');
    expect(spoken("he's 6 ft. tall, ft. Drake, Ft. Worth")).toBe(
      "he's six feet tall featuring drake fort worth",
    );
    expect(spoken('Jan. 5th, Feb 14, Oct 31st, Mon-Fri')).toBe(
      'january fifth february fourteen october thirty first monday to friday',
    );
    // A name that is also a month's short form stays a name unless a day follows.
    expect(spoken('Jan said hi')).toBe('jan said hi');
    expect(spoken('Vol. 2, Pt. 3, Nº 1')).toBe('volume two part three number one');
  });

  it('reads drum machines, fraction characters, yen and rupees, networks and data sizes', () => {
    expect(spoken('the 808s and the 909, 808 on the beat')).toBe(
      'the eight oh eights and the nine oh nine eight oh eight on the beat',
    );
    expect(spoken('½ a mile, 1½ hours, 2¾ cups')).toBe(
      'half a mile one and a half hours two and three quarters cups',
    );
    expect(spoken('¥100 and ₹1')).toBe('one hundred yen and one rupee');
    expect(spoken('5G on my phone, 10G on the table, 5g of gold')).toBe(
      'five g on my phone ten g on the table five grams of gold',
    );
    expect(spoken('5GB of MP3s, 3 oz, 2 tbsp, 3 yrs, 60 fps')).toBe(
      'five gigabytes of m p threes three ounces two tablespoons three years sixty f p s',
    );
  });

  it('reads units with the right number', () => {
    expect(spoken('5 km at 6 am, 5km, 1 km')).toBe(
      'five kilometers at six eigh m five kilometers one kilometer',
    );
    expect(spoken('80 mph, 10kg, 2 lbs, 1 mph')).toBe(
      'eighty miles per hour ten kilograms two pounds one mile per hour',
    );
    expect(spoken("It's 30° or 25°C, 100%")).toBe(
      "it's thirty degrees or twenty five degrees celsius one hundred percent",
    );
  });

  it('reads ordinals, currency, decimals, ranges and symbols', () => {
    expect(spoken('the 1st, 2nd, 3rd, 22nd and 101st')).toBe(
      'the first second third twenty second and one hundred first',
    );
    expect(spoken('$2.50, $1, €10, £3, £2.50, $0.99, $5k, $1.5m')).toBe(
      'two dollars and fifty cents one dollar ten euros three pounds two pounds and fifty pence ' +
        'ninety nine cents five thousand dollars one point five million dollars',
    );
    expect(spoken('2.5 times, 9-5, 1990-1995, -3, 1/2')).toBe(
      'two point five times nine to five nineteen ninety to nineteen ninety five minus three one half',
    );
    expect(spoken('#1 on #blessed @ the club, 2 + 2 = 4')).toBe(
      'number one on hashtag blessed at the club two plus two equals four',
    );
    expect(spoken("back in '94")).toBe('back in ninety four');
    expect(spoken('100 USD, 1 EUR, 20 gbp')).toBe('one hundred dollars one euro twenty pounds');
  });

  it('reads phone numbers, heights, multipliers, roman numerals and web addresses', () => {
    expect(spoken('Jenny 867-5309, call 555-123-4567')).toBe(
      'jenny eight six seven five three oh nine call five five five one two three four five six seven',
    );
    expect(spoken("He stands 6'2\" and I'm 5'11")).toBe("he stands six foot two and i'm five foot eleven");
    expect(spoken('3x faster, run it x2')).toBe('three times faster run it times two');
    expect(spoken('Henry VIII and Louis XIV in part II of World War II')).toBe(
      'henry the eighth and louis the fourteenth in part two of world war two',
    );
    // Capitals after anything else are letters; a lone "I" is the pronoun.
    expect(spoken('an IV drip, I know')).toBe('an i v drip i know');
    // One letter, or an L, counts only after a numbered thing (or V and X after a king).
    expect(spoken('Super Bowl LVII, WrestleMania XL, Act V, Henry V, Pius X')).toBe(
      'super bowl fifty seven wrestlemania forty act five henry the fifth pius the tenth',
    );
    expect(spoken('at 2.30pm or 11.05 a.m., up 2.30 percent, 3² and 10³, a 2h drive')).toBe(
      'at two thirty p m or eleven oh five eigh m up two point three zero percent three squared and ten cubed a two hours drive',
    );
    expect(spoken('Since 1066, 1066 people, in 1000 days')).toBe(
      'since ten sixty six one thousand sixty six people in one thousand days',
    );
    expect(spoken('the part I love, my Louis V bag, a Supreme XL tee, Malcolm X, LV belt')).toBe(
      'the part i love my louis v bag a supreme x l tee malcolm x l v belt',
    );
    expect(spoken('WE ARE PART II, HENRY VIII')).toBe('we are part two henry the eighth');
    expect(spoken('Stream it on bops.app/live or mail me@bops.app')).toBe(
      'stream it on bops dot app slash live or mail me at bops dot app',
    );
    expect(spoken('mail a@b.co')).toBe('mail eigh at b dot co');
    expect(spoken('call 1-800-555-0199')).toBe('call one eight hundred five five five oh one nine nine');
    expect(spoken('a 4x4 on 2x4s, 3x faster')).toBe('a four by four on two by fours three times faster');
    expect(spoken('split it 50-50, 24-7, 9-5')).toBe('split it fifty fifty twenty four seven nine to five');
    // Slashes between words are not said; a dot between words is a missing space.
    expect(spoken('him/her, and/or')).toBe('him her and or');
    expect(spoken('I was there.Then I left')).toBe('i was there then i left');
    expect(spoken('him/her.Then')).toBe('him her then');
  });

  it('reads titles, initials and names written with symbols', () => {
    expect(spoken('No. 1 and no. Dr. Dre Jr., a Ph.D.')).toBe('number one and no doctor dray junior a p h d');
    expect(spoken('No. #1')).toBe('no number one');
    expect(spoken('AT&T, R&B, Q&A')).toBe('eigh t and t r and b q and eigh');
    expect(spoken('Ke$ha and A$AP')).toBe('kesha and asap');
  });

  it('takes accents off and refuses what it cannot say', () => {
    expect(spoken('Café con Beyoncé')).toBe('cafe con bee yon say');
    expect(() => normalizeLine('we on fire 🔥')).toThrow(RenderInputError);
    expect(() => normalizeLine('we on fire 🔥')).toThrow(/"🔥"/);
    expect(() => normalizeLine('привет world')).toThrow(RenderInputError);
    expect(() => normalizeLine('f**k that')).toThrow(/"\*"/);
    // Punctuation is not speech: nothing to refuse.
    expect(spoken('Hold on... (yeah) - "wait"!')).toBe('hold on yeah wait');
    expect(spoken('Imma get outta here tho, tryna stay aight')).toBe(
      "i'ma get out uh here though try nuh stay ite",
    );
    expect(spoken("My dawg, lowkey, y'know")).toBe('my dog low key ya know');
    expect(spoken('Dr. Dre, Beyoncé and Kanye in Chi-town')).toBe(
      'doctor dray bee yon say and kahn yay in shy town',
    );
    // Nor are music notes, emphasis over several words, or characters nobody can see.
    expect(spoken('♪ *repeat the chorus* ♫ zero\u200bwidth soft\u00adhyphen')).toBe(
      'repeat the chorus zerowidth softhyphen',
    );
    expect(() => normalizeLine('*what the f***')).toThrow(/"\*"/);
    expect(spoken('¡Vámonos! ¿Qué pasa?')).toBe('vamonos que pasa');
    expect(unsayableInLyrics('[Verse 1]\nWoke up at 9:45 in NYC\n(Hook)')).toBeNull();
    expect(unsayableInLyrics('line one\nwe on fire 🔥')).toMatch(/"🔥".*Write it as words or remove it/);
  });

  it('never drops a written word silently', () => {
    const lines = [
      'Woke up at 9:45 with the city in my veins',
      'Paid $2.50 for a coffee in NYC',
      'She made €10 in Paris, Marcus made £3',
      'Doing 80 mph at 7 pm on the 22nd',
      'Back in St. Louis with the 808s, ½ a mile from home on Feb 14',
    ];
    for (const line of lines) {
      const tokens = normalizeLine(line);
      expect(tokens.map((t) => t.display).join(' ')).toBe(line.replace(/,/g, ''));
      for (const t of tokens) {
        expect(t.spoken.length).toBeGreaterThan(0);
        for (const w of t.spoken) expect(w).toMatch(/^[a-z']+$/);
      }
    }
  });
});
