import { createGuidCodec, type GuidCodec } from './guid-codec.js';
import { createRandom, hashInts, type Random } from './prng.js';
import { DEPARTMENT_NAMES, DEPARTMENT_TYPES, FIRST_NAMES, LAST_NAMES } from './vocabulary.js';
import type { WorldSpec } from './world-spec.js';

export interface Department {
  readonly id: string;
  readonly name: string;
  readonly type: string;
}

/**
 * What every generator may refer to: the seed, the sizes, and the ids of shared
 * things (users, departments, user groups, media), all derived from the seed.
 */
export interface WorldContext {
  readonly seed: number;
  readonly spec: WorldSpec;
  /** Codec of a named id space (`users`, `contentModules`, …); the same salt gives the same ids. */
  codec(salt: string): GuidCodec;
  readonly departments: readonly Department[];
  /** Id of a random existing user. */
  randomUser(random: Random): { id: string; index: number };
  /** Display name of user i (first and last name). */
  userName(index: number): { first: string; last: string };
  /** Id and name of a random existing user group. */
  randomUserGroup(random: Random): { id: string; name: string; index: number };
  userGroupName(index: number): string;
}

const GROUP_WORDS = ['Safety officers', 'Team leads', 'Night shift', 'Drivers', 'New hires', 'Union reps', 'Managers', 'Volunteers', 'Mentors', 'Remote workers', 'Sales floor', 'Warehouse'];

export function createWorldContext(seed: number, spec: WorldSpec): WorldContext {
  const codecs = new Map<string, GuidCodec>();
  const codec = (salt: string) => {
    let c = codecs.get(salt);
    if (!c) codecs.set(salt, (c = createGuidCodec(seed, salt)));
    return c;
  };
  const departmentCodec = codec('departments');
  const departments = DEPARTMENT_NAMES.map((name, i) => ({
    id: departmentCodec.encode(i),
    name,
    type: DEPARTMENT_TYPES[i]!,
  }));
  const userName = (index: number) => {
    const random = createRandom(hashInts(seed, 0x05e7, index));
    return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
  };
  const userGroupName = (index: number) =>
    `${GROUP_WORDS[index % GROUP_WORDS.length]}${index >= GROUP_WORDS.length ? ` ${Math.floor(index / GROUP_WORDS.length) + 1}` : ''}`;
  return {
    seed,
    spec,
    codec,
    departments,
    randomUser(random) {
      const index = random.int(spec.users);
      return { id: codec('users').encode(index), index };
    },
    userName,
    randomUserGroup(random) {
      const index = random.int(spec.userGroups);
      return { id: codec('userGroups').encode(index), name: userGroupName(index), index };
    },
    userGroupName,
  };
}
