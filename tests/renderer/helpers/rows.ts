/** Small valid rows for tests, built from an index so expectations can be computed. */
export const guidOf = (ns: number, i: number) => `${ns.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

export function userGroup(i: number, patch: Record<string, unknown> = {}) {
  return { id: guidOf(20, i), url: null, name: `Group ${String(i).padStart(3, '0')}`, externalId: `UG${i}`, description: i % 2 ? 'odd' : 'even', creationDateTime: `2025-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`, lastModifiedDateTime: null, ...patch };
}

export function lesson(i: number) {
  return { courseLessonId: guidOf(18, Math.floor(i / 10)), userId: guidOf(19, i % 10), courseLessonParticipationState: i % 3 === 0 ? 'Completed' : 'InProgress', creationDateTime: '2025-01-01T00:00:00+00:00', lastModifiedDateTime: null, completionRate: i % 101, performanceScore: (i * 7) % 100, points: i % 50 };
}

export function user(i: number, patch: Record<string, unknown> = {}) {
  return { id: guidOf(19, i), name: `Person ${i}`, title: 'Operator', phoneNumber: { countryCode: 45, number: '123' }, customFields: { shoe: '42', skills: ['a', 'b'] }, image: { id: guidOf(30, i), downloadUrl: null, referenceUrl: null, contentType: 'image/png', fileName: 'a.png' }, memberCard: { id: guidOf(31, i), url: null, name: 'Card', cardNumber: 'C-1' }, ...patch };
}
