import * as C from '../src/constants';
import { TOKEN_STORAGE_KEY } from '../src';

describe('business constants (spec §9)', () => {
  it('store list page size is 12', () => expect(C.STORE_PAGE_SIZE).toBe(12));
  it('admin list page size is 10', () => expect(C.ADMIN_PAGE_SIZE).toBe(10));
  it('owner list fetch limit is 1000', () => expect(C.OWNER_LIST_FETCH_LIMIT).toBe(1000));
  it('recommendations: fetch 6, show 3', () => {
    expect(C.RECOMMENDATIONS_FETCH_LIMIT).toBe(6);
    expect(C.RECOMMENDATIONS_SHOWN).toBe(3);
  });
  it('recent activity shows at most 5 entries', () => expect(C.RECENT_ACTIVITY_LIMIT).toBe(5));
  it('toasts: 2000 ms success, 4000 ms error, limit 20', () => {
    expect(C.TOAST_SUCCESS_DURATION_MS).toBe(2000);
    expect(C.TOAST_ERROR_DURATION_MS).toBe(4000);
    expect(C.TOAST_LIMIT).toBe(20);
  });
  it("token is stored under 'token' (and the index re-exports it)", () => {
    expect(C.TOKEN_STORAGE_KEY).toBe('token');
    expect(TOKEN_STORAGE_KEY).toBe('token');
  });
  it('name length 20-60', () => {
    expect(C.NAME_MIN_LENGTH).toBe(20);
    expect(C.NAME_MAX_LENGTH).toBe(60);
  });
  it('address at most 400, comment at most 500', () => {
    expect(C.ADDRESS_MAX_LENGTH).toBe(400);
    expect(C.COMMENT_MAX_LENGTH).toBe(500);
  });
  it('store name 3-100', () => {
    expect(C.STORE_NAME_MIN_LENGTH).toBe(3);
    expect(C.STORE_NAME_MAX_LENGTH).toBe(100);
  });
  it('password 8-16 characters with special characters !@#$%^&*', () => {
    expect(C.PASSWORD_MIN_LENGTH).toBe(8);
    expect(C.PASSWORD_MAX_LENGTH).toBe(16);
    expect(C.PASSWORD_SPECIAL_CHARACTERS).toBe('!@#$%^&*');
  });
  it('rating scale 1-5 with default selection 5', () => {
    expect(C.RATING_MIN).toBe(1);
    expect(C.RATING_MAX).toBe(5);
    expect(C.DEFAULT_RATING).toBe(5);
    expect(C.RATING_VALUES).toEqual([1, 2, 3, 4, 5]);
  });
  it('average colour bands at 4.5 / 3.5 / 2.5, shown with 1 decimal', () => {
    expect(C.RATING_BAND_THRESHOLDS).toEqual({ excellent: 4.5, good: 3.5, average: 2.5 });
    expect(C.AVERAGE_DISPLAY_DECIMALS).toBe(1);
  });
  it('list limits: 100 in general, 1000 for the admin user list, search at most 100', () => {
    expect(C.MAX_LIST_LIMIT).toBe(100);
    expect(C.ADMIN_USERS_MAX_LIMIT).toBe(1000);
    expect(C.SEARCH_MAX_LENGTH).toBe(100);
  });
});
