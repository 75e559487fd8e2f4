// Synthetic list entries and screening queries for bench/sanctions.mjs: names drawn from pools
// of Arabic, Akan, West African, Slavic, Chinese and European name parts and of company words,
// so the common tokens ("Muhammad", "Kwame", "Trading") are as crowded as in real lists.
import { stream } from "../detection/random.mjs";

const createRandom = (seed) => stream(seed, "sanctions").next;

const ARABIC_GIVEN = [
  "Muhammad",
  "Ahmad",
  "Ali",
  "Hasan",
  "Husayn",
  "Umar",
  "Uthman",
  "Khalid",
  "Abdullah",
  "Ibrahim",
  "Yusuf",
  "Ismail",
  "Mustafa",
  "Mahmud",
  "Said",
  "Hamid",
  "Karim",
  "Tariq",
  "Walid",
  "Nasser",
  "Faisal",
  "Jamal",
  "Rashid",
  "Bilal",
  "Anwar",
  "Zaid",
  "Salim",
  "Majid",
  "Adel",
  "Fahd",
];
const ARABIC_FAMILY = [
  "Al-Masri",
  "Al-Qahtani",
  "Haddad",
  "Khoury",
  "Mansour",
  "Nasrallah",
  "Saleh",
  "Farah",
  "Abbas",
  "Hakim",
  "Jaber",
  "Rahimi",
  "Sharif",
  "Darwish",
  "Bakr",
  "Zarqawi",
  "Tamimi",
  "Harbi",
  "Shami",
  "Yemeni",
  "Baghdadi",
  "Kuwaiti",
  "Suri",
  "Libi",
  "Hashimi",
  "Najjar",
  "Qasim",
  "Awad",
  "Hamdan",
  "Zubair",
];
const AKAN_GIVEN = [
  "Kwame",
  "Kwaku",
  "Kwadwo",
  "Kwabena",
  "Kwasi",
  "Kofi",
  "Yaw",
  "Akosua",
  "Adwoa",
  "Abena",
  "Akua",
  "Yaa",
  "Afua",
  "Ama",
  "Esi",
  "Kojo",
  "Ebo",
  "Fiifi",
  "Nana",
  "Efia",
];
const AKAN_FAMILY = [
  "Mensah",
  "Owusu",
  "Boateng",
  "Asante",
  "Osei",
  "Agyeman",
  "Appiah",
  "Danquah",
  "Ofori",
  "Nkrumah",
  "Amoako",
  "Boakye",
  "Frimpong",
  "Gyasi",
  "Sarpong",
  "Antwi",
  "Darko",
  "Opoku",
  "Acheampong",
  "Addo",
  "Quaye",
  "Tetteh",
  "Amankwah",
  "Bonsu",
  "Kuffour",
  "Adjei",
  "Annan",
  "Quartey",
  "Lartey",
  "Ansah",
];
const WEST_AFRICAN = [
  "Chukwuemeka",
  "Ngozi",
  "Olumide",
  "Adebayo",
  "Oluwaseun",
  "Aminu",
  "Bello",
  "Diallo",
  "Traore",
  "Keita",
  "Sow",
  "Ba",
  "Ndiaye",
  "Coulibaly",
  "Okafor",
  "Okonkwo",
  "Eze",
  "Abubakar",
  "Usman",
  "Sani",
];
const SLAVIC_GIVEN = [
  "Sergei",
  "Aleksandr",
  "Dmitry",
  "Vladimir",
  "Igor",
  "Nikolai",
  "Andrei",
  "Viktor",
  "Oleg",
  "Yuri",
  "Pavel",
  "Mikhail",
  "Ivan",
  "Boris",
  "Roman",
];
const SLAVIC_FAMILY = [
  "Ivanov",
  "Petrov",
  "Sidorov",
  "Smirnov",
  "Kuznetsov",
  "Popov",
  "Volkov",
  "Sokolov",
  "Lebedev",
  "Kozlov",
  "Novikov",
  "Morozov",
  "Pavlov",
  "Orlov",
  "Fedorov",
  "Timchenko",
  "Rotenberg",
  "Deripaska",
  "Vekselberg",
  "Usmanov",
];
const CHINESE = [
  "Wang",
  "Li",
  "Zhang",
  "Liu",
  "Chen",
  "Yang",
  "Huang",
  "Zhao",
  "Wu",
  "Zhou",
  "Xu",
  "Sun",
  "Ma",
  "Zhu",
  "Hu",
  "Wei",
  "Ming",
  "Jun",
  "Hua",
  "Xiaoming",
  "Jianguo",
  "Lei",
  "Tao",
  "Feng",
  "Yong",
];
const EUROPEAN_GIVEN = [
  "John",
  "Peter",
  "Maria",
  "Jose",
  "Hans",
  "Pierre",
  "Giovanni",
  "Carlos",
  "Anna",
  "Robert",
  "Charles",
  "Joseph",
  "Patrick",
  "Michael",
  "David",
];
const EUROPEAN_FAMILY = [
  "Smith",
  "Garcia",
  "Muller",
  "Dubois",
  "Rossi",
  "Lopez",
  "Taylor",
  "Brown",
  "Martin",
  "Bernard",
  "Schmidt",
  "Fernandez",
  "Moreau",
  "Romano",
  "Wilson",
];
const ORG_WORDS = [
  "Golden",
  "Star",
  "Gulf",
  "Ocean",
  "Atlas",
  "Sahara",
  "Crescent",
  "Eagle",
  "Falcon",
  "Delta",
  "Pioneer",
  "Global",
  "United",
  "Royal",
  "Silver",
  "Coastal",
  "Accra",
  "Tema",
  "Kumasi",
  "Dubai",
  "Pyongyang",
  "Tehran",
  "Damascus",
  "Lagos",
  "Sinai",
  "Horizon",
  "Summit",
  "Liberty",
  "Phoenix",
  "Orient",
];
const ORG_TRADES = [
  "Trading",
  "Shipping",
  "Mining",
  "Petroleum",
  "Logistics",
  "Investment",
  "Exchange",
  "Construction",
  "Refinery",
  "Metals",
  "Chemicals",
  "Aviation",
  "Marine",
  "Energy",
  "Holdings",
  "Bank",
  "Finance",
  "Industries",
  "Technologies",
  "Resources",
];
const SUFFIXES = ["LLC", "Ltd", "Limited", "Co.", "Corporation", "S.A.", "FZE", "JSC", "PLC", ""];

const pick = (rnd, xs) => xs[Math.floor(rnd() * xs.length)];

function personName(rnd) {
  const family = rnd();
  if (family < 0.35) return [pick(rnd, ARABIC_GIVEN), pick(rnd, ARABIC_GIVEN), pick(rnd, ARABIC_FAMILY)];
  if (family < 0.5)
    return [pick(rnd, AKAN_GIVEN), pick(rnd, AKAN_FAMILY), ...(rnd() < 0.4 ? [pick(rnd, AKAN_FAMILY)] : [])];
  if (family < 0.6) return [pick(rnd, WEST_AFRICAN), pick(rnd, WEST_AFRICAN)];
  if (family < 0.75) return [pick(rnd, SLAVIC_GIVEN), pick(rnd, SLAVIC_GIVEN), pick(rnd, SLAVIC_FAMILY)];
  if (family < 0.85)
    return [pick(rnd, CHINESE), pick(rnd, CHINESE), ...(rnd() < 0.5 ? [pick(rnd, CHINESE)] : [])];
  return [pick(rnd, EUROPEAN_GIVEN), pick(rnd, EUROPEAN_FAMILY)];
}

const orgName = (rnd) =>
  [pick(rnd, ORG_WORDS), pick(rnd, ORG_WORDS), pick(rnd, ORG_TRADES), pick(rnd, SUFFIXES)].filter(Boolean);

/** A spelling variant: a doubled, dropped or swapped letter in one token, or the tokens reordered. */
function variant(rnd, parts) {
  const out = [...parts];
  const i = Math.floor(rnd() * out.length);
  const t = out[i];
  const r = rnd();
  if (r < 0.3 && t.length > 3) {
    const k = 1 + Math.floor(rnd() * (t.length - 2));
    out[i] = t.slice(0, k) + t[k + 1] + t[k] + t.slice(k + 2);
  } else if (r < 0.55 && t.length > 3) {
    const k = 1 + Math.floor(rnd() * (t.length - 1));
    out[i] = t.slice(0, k) + t[k] + t.slice(k);
  } else if (r < 0.8) out.reverse();
  else out[i] = t.toUpperCase();
  return out;
}

export function syntheticEntries(count, seed) {
  const rnd = createRandom(seed);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const person = rnd() < 0.75;
    const parts = person ? personName(rnd) : orgName(rnd);
    const aliases = Math.floor(rnd() * 3);
    const names = [{ name: parts.join(" "), strength: "primary" }];
    for (let a = 0; a < aliases; a++)
      names.push({ name: variant(rnd, parts).join(" "), strength: rnd() < 0.3 ? "weak" : "strong" });
    const year = 1940 + Math.floor(rnd() * 60);
    entries.push({
      ref: `SYN-${i}`,
      kind: person ? "person" : "organisation",
      names,
      datesOfBirth: person && rnd() < 0.7 ? [String(year)] : [],
      nationalities: [],
      programs: [],
      remarks: "",
    });
  }
  return entries;
}

/** Half listed names in a variant spelling, half names drawn afresh (mostly not listed). */
export function syntheticQueries(entries, count, seed) {
  const rnd = createRandom(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (rnd() < 0.5) {
      const e = entries[Math.floor(rnd() * entries.length)];
      out.push({ name: variant(rnd, e.names[0].name.split(" ")).join(" ") });
    } else out.push({ name: (rnd() < 0.75 ? personName(rnd) : orgName(rnd)).join(" ") });
  }
  return out;
}
