import { describe, expect, it } from 'vitest';
import { contactFormDefaults, contactMessageInput, visitorName } from './messages';

const valid = {
  ...contactFormDefaults,
  firstName: '小明',
  lastName: '王',
  email: 'Ming.Wang@Example.COM',
  phone: '+886 2 2345 6789',
  description: '想了解 AOI 瑕疵檢測的導入流程。',
};

function fieldErrors(input: unknown) {
  const result = contactMessageInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('contact form schema', () => {
  it('accepts a demo request with its two extra fields and lower-cases the e-mail', () => {
    const parsed = contactMessageInput.parse(valid);
    expect(parsed.email).toBe('ming.wang@example.com');
    expect(parsed.companyIndustry).toBe('autoParts');
    expect(parsed.attendees).toBeUndefined();
  });

  it('asks for every required field with "required"', () => {
    expect(fieldErrors({ type: 2 })).toMatchObject({
      firstName: 'validation.required',
      lastName: 'validation.required',
      email: 'validation.required',
      phone: 'validation.required',
      description: 'validation.required',
    });
  });

  it('refuses a malformed e-mail', () => {
    expect(fieldErrors({ ...valid, email: 'ming@' })).toEqual({ email: 'validation.email' });
  });

  it('requires the course fields for a course inquiry', () => {
    const errors = fieldErrors({ ...valid, type: 3, attendees: undefined, classMode: undefined, courseContent: undefined });
    expect(errors).toEqual({ attendees: 'validation.required', classMode: 'validation.required', courseContent: 'validation.required' });
  });

  it('refuses a hidden or unknown type', () => {
    expect(Object.keys(fieldErrors({ ...valid, type: 0 }))).toEqual(['type']);
    expect(Object.keys(fieldErrors({ ...valid, type: 7 }))).toEqual(['type']);
  });

  it('counts wide characters as two toward the length limit', () => {
    expect(fieldErrors({ ...valid, description: '檢'.repeat(1000) })).toEqual({});
    expect(fieldErrors({ ...valid, description: '檢'.repeat(1001) })).toEqual({ description: 'validation.tooLong.2000' });
  });
});

describe('a visitor name as staff and mails show it', () => {
  it('puts the family name first without a space in Chinese or Japanese script', () => {
    expect(visitorName({ firstName: '志明', lastName: '林' })).toBe('林志明');
    expect(visitorName({ firstName: '優希', lastName: '佐藤' })).toBe('佐藤優希');
  });

  it('puts the given name first with a space in Latin script', () => {
    expect(visitorName({ firstName: 'Yuki', lastName: 'Sato' })).toBe('Yuki Sato');
    expect(visitorName({ firstName: 'Anne-Marie', lastName: "O'Neil" })).toBe("Anne-Marie O'Neil");
  });
});
