import { formatDate, ZULU } from '../dates.js';
import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { defineGenerator } from './define-generator.js';
import { mediaObject } from './media.js';

const TITLES = ['Warehouse operator', 'Team lead', 'HR advisor', 'Store manager', 'Driver', 'Software engineer', 'Nurse', 'Cashier', null];
const SOURCES = ['Azure AD', 'HR import', 'Manual'];
const SKILLS = ['Forklift', 'First aid', 'Fire warden', 'Excel', 'Customer care', 'Welding'];

function ascii(text: string): string {
  return text
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9.-]/g, '')
    .toLowerCase();
}

/** Users (read back by E19): `Z` dates, as production deployments send them. */
export function usersGenerator(ctx: WorldContext): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: 'users',
    size: ctx.spec.users,
    style: ZULU,
    build(i, random, t, id) {
      const { first, last } = ctx.userName(i);
      const login = `${ascii(first)}.${ascii(last)}${i}`;
      const department = random.pick(ctx.departments.slice(3));
      const groups = Array.from({ length: random.int(3) }, () => ctx.randomUserGroup(random));
      const birth = Date.UTC(1960 + random.int(40), random.int(12), 1 + random.int(28));
      return {
        id,
        url: null,
        departmentUrl: null,
        status: 'Activated',
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
        image: random.chance(0.7) ? mediaObject(ctx.codec('media'), random) : null,
        memberCard: random.chance(0.5)
          ? { id: ctx.codec('memberCards').encode(i), url: null, name: 'Acme staff card', cardNumber: String(10_000_000 + i) }
          : null,
        externalId: `EMP-${String(i + 1).padStart(6, '0')}`,
        name: `${first} ${last}`,
        initials: `${first[0]}${last[0]}`,
        userName: login,
        title: random.pick(TITLES),
        dataSource: random.pick(SOURCES),
        email: `${login}@acme.example`,
        secondaryEmail: random.chance(0.2) ? `${login}@mail.example` : null,
        phoneNumber: { countryCode: random.pick([47, 49, 44, 46]), number: String(random.range(40_000_000, 99_999_999)) },
        secondaryPhoneNumber: null,
        birthDate: formatDate(birth, { offsetMinutes: null, fractionDigits: 0 }),
        gender: random.pick(['Female', 'Male', 'Other', null]),
        primaryDepartmentId: department.id,
        additionalDepartments: random.chance(0.3) ? [{ id: random.pick(ctx.departments).id, dataSource: 'Manual' }] : [],
        userGroups: groups.map((g) => ({ id: g.id, dataSource: random.pick(SOURCES) })),
        employmentDate: formatDate(t.created - random.int(3650) * 86_400_000, { offsetMinutes: null, fractionDigits: 0 }),
        employmentEndDate: null,
        employmentType: random.pick(['Full-time', 'Part-time', 'Temporary']),
        customFields: {
          shoeSize: String(random.range(36, 47)),
          certifiedUntil: formatDate(t.created + 730 * 86_400_000, { offsetMinutes: null, fractionDigits: 0 }).slice(0, 10),
          skills: SKILLS.filter(() => random.chance(0.3)),
        },
        registerNumber: random.chance(0.5) ? `R${random.range(1000, 9999)}` : null,
        dutyPlanNumber: random.chance(0.4) ? `D-${random.range(10, 99)}` : null,
      };
    },
  });
}

/** E20. */
export function userGroupsGenerator(ctx: WorldContext): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: 'userGroups',
    size: ctx.spec.userGroups,
    style: ZULU,
    build(i, random, t, id) {
      const name = ctx.userGroupName(i);
      return {
        id,
        url: null,
        name,
        externalId: random.chance(0.8) ? `UG-${String(i + 1).padStart(5, '0')}` : null,
        description: random.chance(0.7) ? `Everyone in ${name.toLowerCase()}` : null,
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}
