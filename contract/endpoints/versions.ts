import { apiErrors } from '../api-error.ts';
import { postGroup } from '../endpoint.ts';
import {
  diffVersionsRequest,
  diffVersionsResponse,
  listVersionsResponse,
  publishVersionRequest,
  publishVersionResponse,
  restoreVersionRequest,
  restoreVersionResponse,
  setVersionModeRequest,
  versionDialogRequest,
  versionStateResponse,
} from '../versions.ts';

/** Reading a dialog's versions: any member ('view'); API keys with the 'read' scope. */
const viewCall = postGroup('versions', { dialog: 'view', keyScope: 'read' });
/** Changing what respondents get: the configure right ('Bearbeiten'); API keys with the 'manage' scope. */
const configureCall = postGroup('versions', { dialog: 'configure', keyScope: 'manage' });

/** A dialog's versions (contract/versions.ts, issue 21): the mode, publish, history, diff, restore. */
export const versionEndpoints = {
  versionState: viewCall({
    path: '/api/get_version_state',
    summary: "A dialog's version mode, the version live chats get, whether the draft differs from it",
    description: "Needs 'view' (any member).",
    body: versionDialogRequest,
    response: versionStateResponse,
  }),
  setVersionMode: configureCall({
    path: '/api/set_version_mode',
    summary: "Work 'direct' (a saved change reaches chats that start afterwards) or with 'publish'",
    description:
      "Needs 'configure'. Switching to 'publish' publishes the working copy as it is, so respondents keep " +
      "getting what they got; switching to 'direct' makes the working copy what new chats get.",
    body: setVersionModeRequest,
    response: versionStateResponse,
  }),
  publishVersion: configureCall({
    path: '/api/publish_version',
    summary: "Publish the working copy ('Veröffentlichen') with an optional note: new chats get it",
    description:
      "Needs 'configure'. Makes the working copy a version (or finds the one with the same content) and " +
      'marks it published; chats already running keep their version. Sends the webhook event ' +
      '`version.published`.',
    body: publishVersionRequest,
    response: publishVersionResponse,
  }),
  listVersions: viewCall({
    path: '/api/list_versions',
    summary: "The version history ('Versionen'), newest first: number, time, author, note, chats, live",
    description:
      "Needs 'view' (any member). Lists every version chats ran on or that was published or restored.",
    body: versionDialogRequest,
    response: listVersionsResponse,
  }),
  diffVersions: viewCall({
    path: '/api/diff_versions',
    summary:
      'What changed between two versions (or a version and the draft), block by block and field by field',
    description: "Needs 'view' (any member). 404 when a version number does not exist.",
    body: diffVersionsRequest,
    response: diffVersionsResponse,
    errors: apiErrors(404),
  }),
  restoreVersion: configureCall({
    path: '/api/restore_version',
    summary: "Copy a version into the working copy ('Wiederherstellen'); undone by restoring undo_version",
    description:
      "Needs 'configure'. The working copy as it was is kept as a version first (undo_version). In " +
      "'direct' mode the restored content is what new chats get; in 'publish' mode it is the draft until " +
      'published. 404 when the version does not exist.',
    body: restoreVersionRequest,
    response: restoreVersionResponse,
    errors: apiErrors(404),
  }),
};
