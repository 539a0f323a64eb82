import { describe, expect, it } from 'vitest';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();

describe('OpenAPI', () => {
  it('documents every manager and trigger call with its responses', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const ops: [string, string, string][] = [
      ['get', '/api/find_dialogmanager_status/{id}', '200'],
      ['get', '/api/get_connected_surveys/{id}', '200'],
      ['get', '/api/get_dialogmanager_trigger/{id}', '200'],
      ['get', '/api/get_trigger_targets/{id}', '200'],
      ['post', '/api/create_trigger', '201'],
      ['delete', '/api/delete_trigger/{id}', '200'],
      ['post', '/api/reset_trigger_secret', '200'],
      ['post', '/api/get_dialogmanager_list', '200'],
      ['post', '/api/create_dialogmanager', '201'],
      ['post', '/api/get_dialogmanager', '200'],
      ['post', '/api/update_dialogmanager', '200'],
      ['post', '/api/delete_dialogmanager', '200'],
      ['get', '/api/game_meta/{id}', '200'],
      ['post', '/api/disconnect_dialog', '200'],
    ];
    for (const [method, path, ok] of ops) {
      const op = paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op.responses[ok], `${method} ${path}`).toBeDefined();
      expect(op.responses['404'], `${method} ${path}`).toBeDefined();
    }
    const trigger =
      paths['/api/get_dialogmanager_trigger/{id}'].get.responses['200'].content['application/json'];
    expect(Object.keys(trigger.schema.properties.trigger_objects.items.properties)).toEqual([
      'id',
      'dialog_manager_id',
      'survey_id',
      'unique_question_id',
      'trigger',
      'init_survey',
    ]);
    expect(paths['/api/game_meta/{id}'].get.security).toEqual([]);
  });
});
