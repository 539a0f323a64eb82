import { describe, expect, it } from 'vitest';
import { routeParams } from './live-router.ts';

describe('light entry route params', () => {
  it('reads the :params of a route from the path', () => {
    expect(routeParams('/dialog/:survey_id', '/dialog/abc')).toEqual({ survey_id: 'abc' });
    expect(routeParams('/exit/:var', '/exit/deleted_de/')).toEqual({ var: 'deleted_de' });
    expect(routeParams('/privacy/:survey_id', '/privacy/a%20b')).toEqual({ survey_id: 'a b' });
    expect(routeParams('/privacy/:survey_id', '/privacy/%E0%A4%A')).toEqual({ survey_id: '%E0%A4%A' });
  });
});
