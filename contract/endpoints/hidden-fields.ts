import { postGroup } from '../endpoint.ts';
import { hiddenFieldsRequest, hiddenFieldsResponse, setHiddenFieldsRequest } from '../hidden-fields.ts';

/** API keys with the 'manage' scope may read and set them too. */
const hiddenFieldCall = postGroup('hidden-fields', { keyScope: 'manage' });

/** A dialog's hidden fields (issue 22): the link parameters it takes. */
export const hiddenFieldEndpoints = {
  hiddenFields: hiddenFieldCall({
    path: '/api/get_hidden_fields',
    dialog: 'view',
    summary: "A dialog's hidden fields (link parameters stored with each session)",
    body: hiddenFieldsRequest,
    response: hiddenFieldsResponse,
  }),
  setHiddenFields: hiddenFieldCall({
    path: '/api/set_hidden_fields',
    dialog: 'configure',
    summary: "Replace a dialog's hidden fields (name, required); sessions keep the values they started with",
    body: setHiddenFieldsRequest,
    response: hiddenFieldsResponse,
  }),
};
