// How fast the deployed 50-skill bot of the chat-load bench classifies messages: trains the model
// once, then runs the matcher over its unseen phrases (and variants of them, so no cache sees only
// a few texts) many times and prints the time and CPU per message and a checksum of the scores.
// Run: npx tsx bench/nlu/score-speed.ts [rounds]   (node --cpu-prof via NODE_OPTIONS to profile)
import { train, trainingPhrases } from '../../server/src/engine/nlu/classifier';
import { Matcher, matchSkills } from '../../server/src/engine/nlu/matcher';
import type { SkillDef } from '../../common/schemas/bots';
import { syntheticBot } from './synthetic';

const rounds = Number(process.argv[2] ?? 20);
const bot = syntheticBot(50, 20, 7);
const skills = bot.map((s, i) => ({ id: s.id, nm: `Skill ${i + 1}`, tipo: 0, frases: s.frases, cfg: {} }) as unknown as SkillDef);
const model = train(trainingPhrases(skills));
const matcher = new Matcher(matchSkills(skills), model);
const base = bot.flatMap((s) => s.unseen);
// Each phrase also with a number and a word of its own, so each round sees texts it never saw.
const messages = (round: number) => base.map((t, i) => (i % 2 ? t : `${t} ${round * 1000 + i} pedidoz${round % 97}`));

let checksum = 0;
for (let r = 0; r < 3; r++) for (const m of messages(r)) matcher.match(m, { limit: 3 });
const started = performance.now();
const cpu = process.cpuUsage();
let n = 0;
for (let r = 0; r < rounds; r++) {
  for (const m of messages(r)) {
    const result = matcher.match(m, { limit: 3 });
    checksum = (checksum * 31 + Math.round(result.score * 1e9)) % 1_000_000_007;
    n++;
  }
}
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(`${n} mensajes: ${((ms * 1000) / n).toFixed(1)} µs por mensaje (CPU ${((used.user + used.system) / n).toFixed(1)} µs); suma de control ${checksum}`);
