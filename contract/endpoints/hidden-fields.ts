import { endpoint } from '../endpoint.ts';
import { hiddenFieldsRequest, hiddenFieldsResponse, setHiddenFieldsRequest } from '../hidden-fields.ts';

const tags = ['hidden-fields'];

/** A dialog's hidden fields (issue 22): the link parameters it takes. */
export const hiddenFieldEndpoints = {
  hiddenFields: endpoint({
    method: 'POST',
    path: '/api/get_hidden_fields',
    caller: 'author',
    dialog: 'view',
    keyScope: 'manage',
    tags,
    summary: "A dialog's hidden fields (link parameters stored with each session)",
    body: hiddenFieldsRequest,
    response: hiddenFieldsResponse,
  }),
  setHiddenFields: endpoint({
    method: 'POST',
    path: '/api/set_hidden_fields',
    caller: 'author',
    dialog: 'configure',
    keyScope: 'manage',
    tags,
    summary: "Replace a dialog's hidden fields (name, required); sessions keep the values they started with",
    body: setHiddenFieldsRequest,
    response: hiddenFieldsResponse,
  }),
};
