// The city read from an address (cityFromAddress): the last part without its postal code, or the part
// before a state; nothing from an address of one part.
import { cityFromAddress, CITY_MAX_LENGTH } from '../src';

describe('cityFromAddress', () => {
  it.each([
    ['14 Residency Road, Bengaluru, Karnataka 560025', 'Bengaluru'],
    ['3 MG Road, Ernakulam, Kochi, Kerala 682016', 'Kochi'],
    ['5 Park Street, Kolkata, West Bengal 700016', 'Kolkata'],
    ['12 Linking Road, Khar West, Mumbai 400052', 'Mumbai'],
    ['18 T Nagar, Usman Road, Chennai 600017', 'Chennai'],
    ['4 Khan Market, New Delhi 110003', 'New Delhi'],
    ['88 Sector 17, Chandigarh 160017', 'Chandigarh'],
    ['42 Baker Street, Old Town', 'Old Town'],
    ['  7 Quay Lane ,  Harbour Town  ', 'Harbour Town'],
    ['9 Main Road, 560001', '9 Main Road'],
    ['9 Main Road, Springfield, 62704', 'Springfield'],
    ['1 Matrix Road', ''],
    ['', ''],
    [', ,', ''],
  ])('%j gives %j', (address, city) => {
    expect(cityFromAddress(address)).toBe(city);
  });

  it(`keeps at most ${CITY_MAX_LENGTH} characters`, () => {
    expect(cityFromAddress(`1 Road, ${'x'.repeat(150)}`)).toHaveLength(CITY_MAX_LENGTH);
  });
});
