import { localName, personName, pickName } from '@/lib/names';

// A name exists in one language only: every screen still shows it (issue 25 §3).
describe('names fall back to the other language', () => {
  const both = { firstNameTh: 'สมชาย', lastNameTh: 'ใจดี', firstNameEn: 'Somchai', lastNameEn: 'Jaidee' };
  const enOnly = { firstNameTh: '', lastNameTh: '', firstNameEn: 'John', lastNameEn: 'Smith' };
  const thOnly = { firstNameTh: 'สมหญิง', lastNameTh: 'ใจงาม', firstNameEn: ' ', lastNameEn: '' };

  it('a person in the asked language, else the other', () => {
    expect(personName(both, 'th')).toBe('สมชาย ใจดี');
    expect(personName(both, 'en')).toBe('Somchai Jaidee');
    expect(personName(enOnly, 'th')).toBe('John Smith');
    expect(personName(thOnly, 'en')).toBe('สมหญิง ใจงาม');
    expect(personName({ firstNameTh: 'สมชาย', lastNameTh: null, firstNameEn: null, lastNameEn: null }, 'en')).toBe('สมชาย');
    expect(personName(null, 'th')).toBe('');
    expect(personName({ firstNameTh: '', lastNameTh: '', firstNameEn: '', lastNameEn: '' }, 'th')).toBe('');
  });

  it('a thing\'s name the same way', () => {
    expect(localName({ nameTh: 'มื้อเช้า', nameEn: 'Breakfast' }, 'th')).toBe('มื้อเช้า');
    expect(localName({ nameTh: 'มื้อเช้า', nameEn: 'Breakfast' }, 'en')).toBe('Breakfast');
    expect(localName({ nameTh: '', nameEn: 'Breakfast' }, 'th')).toBe('Breakfast');
    expect(localName({ nameTh: 'มื้อเช้า', nameEn: '' }, 'en')).toBe('มื้อเช้า');
    expect(localName(undefined, 'en')).toBe('');
    expect(pickName('th', '  ', 'x')).toBe('x');
  });
});
