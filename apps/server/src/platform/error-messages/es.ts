import type { en } from './en'

/** The English catalogue is the reference: Spanish has each of its keys, with the same values. */
type Catalogue = typeof en
import { schemaIssueInSpanish } from '@pg/shared/schema-issue-es'

/** `row 5, links` as `fila 5, links`: the words of a place in a file; field names and paths stay. */
const filePlace = (where: string) =>
  where
    .replace(/^file$/, 'archivo')
    .replace(/^header$/, 'encabezado')
    .replace(/^header, column (\d+)/, 'encabezado, columna $1')
    .replace(/^row (\d+)/, 'fila $1')

const filas = (count: number) => `${count} ${count === 1 ? 'fila no válida' : 'filas no válidas'}`
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ')
const CSV_PROBLEMS = {
  closing_quote: 'unas comillas de cierre deben terminar el campo',
  never_closed: 'un campo entre comillas nunca se cierra',
  opening_quote: 'un campo con comillas dentro debe ir entre comillas, con cada comilla escrita dos veces',
} as const
const HELP = 'Escribe a soporte si necesitas ayuda.'
const ORDER_STATUS = {
  pending: 'pendiente',
  paid: 'pagado',
  canceled: 'cancelado',
  disputed: 'en disputa',
  refunded: 'reembolsado',
} as const
const WHAT = { category: 'categoría', project: 'proyecto', tag: 'etiqueta' } as const
const THE_WHAT = { category: 'la categoría', project: 'el proyecto', tag: 'la etiqueta' } as const

/**
 * The same messages in neutral Latin American Spanish, the store's language: every key of `en.ts` (a type
 * error otherwise), with the same values. Names, ids, methods and attributes stay as the API spells them.
 */
export const es: Catalogue = {
  general_unauthorized_scope: () =>
    'Usuario (rol: invitados) sin los permisos necesarios (["account"]). Inicia sesión para continuar.',
  general_argument_invalid: () => 'Argumento no válido.',
  general_query_invalid: () => 'Consulta no válida.',
  general_cursor_not_found: () => 'El cursor no es válido.',
  general_route_not_found: () =>
    'No se encontró la ruta solicitada. Consulta la documentación de la API y vuelve a intentarlo.',
  general_rate_limit_exceeded: () =>
    'Se superó el límite de solicitudes a esta ruta. Vuelve a intentarlo en un rato.',
  general_unknown_origin: () =>
    'Origen no válido. Registra tu nuevo cliente como una nueva plataforma web en el panel de la consola de tu proyecto.',
  general_access_forbidden: () => 'El acceso a esta API está prohibido.',
  general_not_implemented: () => 'Este método no está disponible.',
  general_unknown: () => 'Error del servidor',
  general_service_disabled: () =>
    'El servicio solicitado está desactivado. Puedes activarlo desde la consola de Appwrite.',
  project_not_found: () => 'No se encontró el proyecto con el ID solicitado.',
  user_unauthorized: () => 'El usuario actual no tiene permiso para realizar esta acción.',
  user_invalid_credentials: () => 'Credenciales incorrectas. Revisa el correo electrónico y la contraseña.',
  user_session_already_exists: () => 'No se puede crear una sesión mientras hay otra activa.',
  user_session_not_found: () => 'No se encontró la sesión actual del usuario.',
  user_blocked: () => 'El usuario actual está bloqueado.',
  user_not_found: () => 'No se encontró el usuario con el ID solicitado.',
  user_already_exists: () =>
    'Ya existe en este proyecto un usuario con el mismo ID, correo electrónico o teléfono.',
  user_invalid_token: () => 'El token enviado en la solicitud no es válido.',
  user_more_factors_required: () =>
    'Falta un paso para entrar: escribe el código de tu aplicación de autenticación o un código de recuperación.',
  user_challenge_required: () =>
    'Para este cambio hace falta un código reciente: escribe primero un código actual (vale 5 minutos).',
  user_authenticator_not_found: () => 'Esta cuenta no tiene configurada una aplicación de autenticación.',
  user_authenticator_already_verified: () =>
    'Esta cuenta ya tiene una aplicación de autenticación: quítala antes de añadir otra.',
  user_recovery_codes_already_exists: () =>
    'Esta cuenta ya tiene códigos de recuperación: genera unos nuevos para reemplazarlos.',
  user_password_mismatch: () => 'Las contraseñas no coinciden. Revisa la contraseña y su confirmación.',
  database_not_found: () => 'No se encontró la base de datos',
  database_timeout: () =>
    'Se agotó el tiempo de espera de la base de datos. Intenta ajustar tus consultas o agregar un índice.',
  collection_not_found: () => 'No se encontró la colección con el ID solicitado.',
  document_not_found: () => 'No se encontró el documento con el ID solicitado.',
  document_invalid_structure: () =>
    'La estructura del documento no es válida. Asegúrate de que los atributos coincidan con la definición de la colección.',
  document_already_exists: () =>
    'Ya existe un documento con el ID solicitado. Vuelve a intentarlo con otro ID o usa ID.unique() para generar uno único.',
  document_update_conflict: () => 'El documento remoto es más reciente que el local.',
  order_not_found: () => 'No se encontró el pedido con el ID solicitado.',
  download_unavailable: () => 'La descarga de este pedido no está disponible.',
  catalog_import_running: () => 'Ya hay una importación del catálogo en curso; espera a que termine.',
  members_import_running: () => 'Ya hay una invitación masiva en curso; espera a que termine.',
  storefront_preview_unavailable: () => 'La vista previa de la tienda no se puede dibujar.',

  missingParam: ({ name }) => `Falta el parámetro "${name}", que es obligatorio.`,
  invalidParam: ({ name, reason }) => `Parámetro \`${name}\` no válido: ${reason}`,
  invalidQuery: ({ reason }) => `Consulta no válida: ${reason}`,
  bodyNotObject: () => 'El cuerpo de la solicitud debe ser un objeto JSON.',
  bodyTooLarge: () => 'El cuerpo de la solicitud es demasiado grande.',
  bodyNotJsonType: () => 'El cuerpo de la solicitud debe enviarse como application/json.',
  bodyNotJson: () => 'El cuerpo de la solicitud no es un JSON válido.',
  requestNotUnderstood: () => 'No se pudo entender la solicitud.',
  databaseUnreachable: () =>
    'En este momento no se puede acceder a la base de datos. Vuelve a intentarlo en unos segundos.',

  noNulReason: () => 'El valor no puede contener caracteres NUL.',
  booleanReason: () => 'El valor debe ser un booleano (true o false).',
  otpReason: () =>
    'El valor debe ser el código de 6 cifras de tu aplicación de autenticación, o un código de recuperación',
  factorReason: () => 'El valor debe ser `totp`, `email` o `recoverycode`',
  challengeIdReason: () => 'El valor debe ser el $id de un desafío',
  authenticatorTypeReason: () => 'El valor debe ser totp',
  newIdReason: () =>
    'El parámetro admite como máximo 36 caracteres: a-z, A-Z, 0-9, punto, guion y guion bajo, y no puede empezar con un carácter especial.',
  emailReason: () => 'El valor debe ser un correo electrónico válido.',
  passwordReason: () => 'La contraseña debe tener entre 8 y 256 caracteres.',
  newPasswordReason: () =>
    'La contraseña debe tener entre 8 y 256 caracteres y no puede ser una de las más usadas.',
  nameReason: () => 'El valor debe ser un texto de 128 caracteres como máximo.',
  objectReason: () => 'El valor debe ser un objeto.',
  prefsSizeReason: ({ bytes }) => `El valor debe ser un objeto de ${bytes} bytes como máximo.`,
  prefsDepthReason: ({ levels }) => `El valor no puede anidar objetos o listas en más de ${levels} niveles.`,
  unicodeReason: () => 'El valor solo puede tener texto Unicode bien formado (sin sustitutos sueltos).',
  urlReason: () => 'El valor debe ser una URL válida.',
  urlHostReason: ({ hosts }) => `El dominio de la URL debe ser uno de estos: ${hosts.join(', ')}`,
  urlUserInfoReason: () => 'La URL no debe llevar usuario ni contraseña.',
  urlPathReason: ({ path }) => `La URL debe ser la página ${path} de la tienda, sin consulta ni fragmento.`,
  userIdReason: () => 'El valor debe ser un ID de usuario válido.',
  stringReason: () => 'El valor debe ser un texto válido.',
  queriesReason: ({ items, chars }) =>
    `El valor debe ser una lista de ${items} elementos como máximo, y cada uno un texto de 1 a ${chars} caracteres.`,
  queryStringReason: ({ max, length }) =>
    `La cadena de consulta puede tener como máximo ${max} caracteres (tiene ${length}).`,
  labelsReason: () =>
    'El valor debe ser una lista de 1000 elementos como máximo, y cada uno un texto de 1 a 36 letras (a–z, A–Z) y dígitos (0–9).',
  searchReason: () => 'El valor debe ser un texto de 256 caracteres como máximo.',
  languageReason: () => 'El valor debe ser uno de estos: es, en',
  oneOfReason: ({ values }) => `El valor debe ser uno de estos: ${values.join(', ')}`,
  noteReason: () => 'El valor puede tener como máximo 1000 caracteres.',
  fileNameReason: () => 'El valor debe ser un nombre de archivo.',
  fileTextReason: () => 'El valor debe ser el contenido del archivo como texto.',
  formatReason: () => 'El valor debe ser uno de estos: json, csv',
  userIdsReason: ({ max }) => `El valor debe ser una lista de 1 a ${max} IDs de miembros.`,
  jsonObjectReason: () => 'El valor debe ser un objeto JSON válido.',
  permissionsReason: ({ permissions }) =>
    `Solo los miembros con sesión iniciada pueden leer los documentos del catálogo; los permisos se pueden omitir o ser ${permissions}.`,
  schemaIssue: ({ issue }) => schemaIssueInSpanish(issue),
  invalidValue: () => 'valor no válido',

  queryNotObject: () => 'La consulta debe ser un objeto JSON con un método.',
  queryMethodMissing: () => 'Falta el método de la consulta.',
  queryMethodInvalid: () => 'El método de la consulta no es válido.',
  queryAttributeNotText: ({ method }) => `El atributo de "${method}" debe ser un texto.`,
  queryAttributeTooLong: () => 'El nombre del atributo es demasiado largo.',
  queryValuesNotList: ({ method }) => `Los valores de "${method}" deben ser una lista.`,
  queryTooDeep: ({ levels }) => `Las consultas se pueden anidar en ${levels} niveles como máximo.`,
  queryGroupTooSmall: ({ method }) => `Las consultas "${method}" necesitan al menos dos consultas.`,
  queryGroupTooLarge: ({ method }) => `"${method}" reúne demasiadas consultas.`,
  queryGroupNotFilter: ({ method, inner }) =>
    `Las consultas "${method}" solo pueden reunir filtros, y "${inner}" no lo es.`,
  queryMethodUnknown: ({ method }) => `Método de consulta desconocido: ${method}`,
  queryAttributeRequired: ({ method }) => `"${method}" necesita un atributo.`,
  queryValueCount: ({ method, min, max }) =>
    `"${method}" recibe ${min === max ? `exactamente ${min}` : `entre ${min} y ${max}`} valor${max === 1 ? '' : 'es'}.`,
  queryValuesNotScalar: ({ method }) => `Los valores de "${method}" deben ser textos, números o booleanos.`,
  queryOneInteger: ({ method }) => `"${method}" recibe un único número entero.`,
  queryRange: ({ method, min, max }) =>
    `Parámetro "${method}" no válido: el valor debe estar entre ${min} y ${max}`,
  querySyntax: () =>
    'Error de sintaxis: cada consulta debe ser un texto JSON como {"method":"limit","values":[20]}.',
  queryNul: () => 'Los valores de una consulta no pueden contener caracteres NUL.',
  dayRangeReason: ({ earliest, latest }) => `El valor debe ser un día entre el ${earliest} y el ${latest}.`,
  queryOnce: ({ method }) => `Solo se admite una consulta "${method}".`,
  queryNotAllowed: ({ method, allowed }) => `Aquí no se admite "${method}"; solo ${quoted(allowed)}.`,
  selectCount: () => '"select" recibe entre 1 y 100 nombres de atributos.',
  selectNames: () => 'Los valores de "select" deben ser nombres de atributos.',
  orderCount: () => 'Se admiten como máximo 10 consultas de orden.',
  cursorValue: ({ method }) => `"${method}" recibe un único ID de documento.`,
  cursorDocumentNotFound: ({ id }) => `No se encontró el documento "${id}" del cursor.`,
  attributeNotFound: ({ key }) => `El atributo no existe en el esquema: "${key}"`,
  attributeNotOrderable: ({ key, indexed }) =>
    `No se puede ordenar por el atributo "${key}": ordenar requiere un índice, y esta colección lo tiene en ${quoted(indexed)}.`,
  attributeWithoutTextIndex: ({ method, key, indexed }) =>
    `No se puede aplicar "${method}" al atributo "${key}": buscar texto requiere un índice de texto, y esta colección ` +
    (indexed.length > 0 ? `lo tiene en ${quoted(indexed)}.` : 'no lo tiene en ningún atributo.'),
  attributeNotText: ({ method, key }) =>
    `No se puede aplicar "${method}" al atributo "${key}": no es un atributo de texto.`,
  queryValueInvalid: ({ key }) => `El valor de la consulta no es válido para el atributo "${key}".`,
  tooManyValues: ({ limit, attribute }) =>
    `Demasiados valores en los filtros: una solicitud puede comparar como máximo ${limit} valores entre todas sus consultas, y "${attribute}" supera ese límite.`,
  tooManyTextTerms: ({ limit, attribute }) =>
    `Demasiados términos de texto: una solicitud puede buscar como máximo ${limit} términos entre todas sus consultas, y "${attribute}" supera ese límite.`,
  cannotSelect: ({ names }) => `No se pueden seleccionar estos atributos: ${quoted(names)}`,
  textSearchOrder: ({ attribute }) =>
    `Una búsqueda en "${attribute}" se ordena por relevancia, o por uno de $createdAt, title o $sequence (y luego $sequence).`,
  textSearchTopLevel: ({ attribute }) =>
    `"${attribute}" solo se puede buscar con una consulta "search" de primer nivel, fuera de "or" y "and".`,
  textSearchOnly: ({ attribute, method }) =>
    `"${attribute}" solo admite consultas "search", y "${method}" no lo es.`,
  textSearchAlone: ({ attribute }) =>
    `Una búsqueda en "${attribute}" no se puede combinar con otros filtros.`,
  textSearchText: ({ attribute }) => `Una búsqueda en "${attribute}" recibe un texto.`,
  textValues: ({ attribute }) => `"${attribute}" se compara con valores de texto.`,
  takesEqual: ({ attribute }) => `"${attribute}" solo admite equal.`,
  methodNotApplicable: ({ method, attribute }) => `"${method}" no se aplica a "${attribute}".`,
  membersWithoutGroups: () => 'Los miembros se filtran solo con equal, notEqual y contains.',
  membersStatus: () => '"status" admite equal con un único valor, true o false.',
  membersLabels: () => '"labels" admite contains con las etiquetas buscadas.',
  membersNotFilterable: ({ attribute, allowed }) =>
    `Los miembros no se pueden filtrar por "${attribute}"; solo por ${quoted(allowed)}.`,
  membersNotOrderable: ({ attribute, allowed }) =>
    `Los miembros no se pueden ordenar por "${attribute}"; solo por ${quoted(allowed)}.`,
  membersCursorOrder: () =>
    'Un cursor recorre los miembros en orden de $createdAt; para otros órdenes usa offset.',
  memberCursorNotFound: ({ id }) => `No se encontró el miembro "${id}" del cursor.`,
  auditWithoutGroups: () => 'Los eventos de auditoría se filtran sin "or" ni "and".',
  auditDate: () => '"$createdAt" se compara con una única fecha ISO 8601.',
  auditDateMethods: () => '"$createdAt" admite greaterThanEqual y lessThan.',
  auditNotFilterable: ({ attribute, allowed }) =>
    `Los eventos de auditoría no se pueden filtrar por "${attribute}"; solo por ${quoted(allowed)}.`,
  auditOrder: () => 'Los eventos de auditoría solo se ordenan por $createdAt.',
  auditCursor: ({ id }) => `El cursor "${id}" no es un evento de auditoría.`,

  signUpDisabled: () => 'El registro está desactivado: los miembros los crea el dueño de la tienda.',
  oldPasswordInvalid: () => 'Credenciales incorrectas. Revisa la contraseña anterior.',
  blockedRefunded: () =>
    'La compra de esta cuenta se reembolsó, así que su acceso terminó. Escribe a soporte si necesitas ayuda.',
  blockedDisputed: () =>
    'El pago de esta cuenta está en disputa, así que su acceso está en pausa. Escribe a soporte si necesitas ayuda.',
  blockedInactive: () =>
    'Esta cuenta se bloqueó tras un año sin actividad. Escribe a soporte para reactivarla.',
  recoveryDisabled: () =>
    'La recuperación de contraseña está desactivada: la tienda no tiene un PUBLIC_ORIGIN con el que armar sus enlaces. Comunícate con la tienda.',
  signInLinkDisabled: () =>
    'Entrar con un enlace o un código por correo está desactivado: la tienda no tiene un PUBLIC_ORIGIN con el que armar sus enlaces. Comunícate con la tienda.',
  accountEmailsFromAddress: ({ minutes }) =>
    `Se pidieron demasiados correos de acceso y de contraseña desde tu conexión. Vuelve a intentarlo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  accountEmailsToEmail: ({ minutes }) =>
    `Ya se pidieron varios correos para esta dirección en la última hora. Revisa tu bandeja de entrada y la carpeta de spam, o vuelve a intentarlo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  noMemberWithEmail: ({ email }) => `Ningún miembro tiene el correo electrónico ${email}.`,
  passwordRules: () =>
    'La contraseña debe tener entre 8 y 256 caracteres y no puede ser una de las más usadas.',
  nothingChanged: ({ reason }) => `No se cambió nada. ${reason}`,
  publicOriginMissing: () =>
    'Falta PUBLIC_ORIGIN: la tienda no puede enviar enlaces a sus páginas (recuperación de contraseña, invitaciones) ' +
    'mientras escucha en un HOST que no es de loopback. Define PUBLIC_ORIGIN con la dirección que usan los compradores, como ' +
    'https://tienda.example.com.',
  publicOriginMissingPort: () =>
    'Falta PUBLIC_ORIGIN y PORT es 0: solo un servidor en marcha conoce su puerto, así que aquí no se puede armar ' +
    'ningún enlace a la tienda. Define PUBLIC_ORIGIN (o PORT), o ejecuta el comando con la tienda en marcha.',
  memberEmailTaken: ({ email }) => `Ya existe un miembro con el correo electrónico ${email}.`,
  memberIdTaken: ({ id }) => `Ya existe un miembro con el ID ${id}.`,
  memberDisabled: ({ email }) => `${email} está desactivado; actívalo primero.`,
  notOneself: ({ action, label }) =>
    `No puedes ${{ disable: 'desactivarte', delete: 'eliminarte', unlabel: `quitarte la etiqueta ${label}` }[action]} a ti mismo desde la consola; otro administrador sí puede.`,
  ownerProtected: ({ action, email, source, label }) =>
    `${email} es el propietario de la tienda (${source === 'configured' ? 'lo indica OWNER_EMAIL' : 'el primer administrador'}): nadie puede ${{ disable: 'desactivarlo', delete: 'eliminarlo', unlabel: `quitarle la etiqueta ${label}` }[action]} desde la consola ni la API. Solo la línea de comandos de la propia tienda puede hacerlo (npm run admin).`,
  ownerWouldChange: ({ email, owner, label }) =>
    `${email} se hizo miembro antes que el propietario de la tienda, ${owner} (el primer administrador): con la etiqueta ${label} pasaría a ser el propietario. Define OWNER_EMAIL con el correo del propietario, o da la etiqueta desde la línea de comandos (npm run admin -- users label add).`,

  noOrderWithId: ({ id }) => `Ningún pedido tiene el ID ${id}.`,
  refundRefused: ({ id, status }) =>
    `El pedido ${id} está ${ORDER_STATUS[status]}: solo se puede reembolsar un pedido pagado o en disputa.`,
  grantIgnoredRefused: ({ id }) =>
    `El pedido ${id} no es un pedido pagado que la tienda ignoró: solo a uno así se le puede dar acceso a mano.`,
  grantIgnoredEmail: ({ id }) =>
    `El pedido ${id} no tiene un correo válido del comprador: indica su dirección para darle acceso.`,
  downloadNotPaid: () => 'Descarga no disponible (not_paid): este pedido no está pagado.',
  downloadExpired: ({ days }) =>
    `Descarga no disponible (expired): las descargas estaban disponibles durante ${days} días después de la compra. ${HELP}`,
  downloadLimitReached: ({ limit }) =>
    `Descarga no disponible (limit_reached): este pedido ya usó sus ${limit} descargas. ${HELP}`,
  downloadNotConfigured: () =>
    `Descarga no disponible (not_configured): la tienda todavía no tiene un archivo para entregar. Vuelve a intentarlo más tarde. ${HELP}`,
  settingInvalid: ({ key, reason }) => `${key}: ${reason}`,
  downloadFileUnusable: ({ key, file, problem }) =>
    `${key}: ${file}: ${{ missing: 'el archivo no existe', not_a_file: 'no es un archivo común', unreadable: 'el usuario de la tienda no puede leerlo' }[problem]}; los compradores no podrían descargarlo.`,

  documentStructure: ({ problems }) => `Estructura del documento no válida: ${problems.join('; ')}.`,
  unknownAttributes: ({ keys }) =>
    `atributo${keys.length > 1 ? 's' : ''} desconocido${keys.length > 1 ? 's' : ''}: ${quoted(keys)}`,
  fieldProblem: ({ field, reason }) => `"${field}": ${reason}`,
  referenceMissing: ({ what, id }) =>
    `Estructura del documento no válida: ${THE_WHAT[what]} "${id}" no existe.`,
  projectTagTaken: ({ id }) => `El proyecto ya tiene esta etiqueta (documento "${id}").`,
  projectTagTakenOnUpdate: () => 'El proyecto ya tiene esta etiqueta.',

  permissionsListReason: ({ max }) => `El valor debe ser una lista de como máximo ${max} permisos.`,
  permissionFormatReason: ({ permission }) =>
    `El permiso "${permission}" no es válido: se espera una acción (read, update, delete o write) y un rol entre comillas, como read("user:ID").`,
  permissionsNotYours: ({ allowed }) => `Los permisos deben ser uno de estos: (${allowed.join(', ')})`,
  ownerPermissionsReason: ({ role }) =>
    `Los permisos deben conservar read, update y delete (o write) para quien es dueño de la colección, "${role}".`,
  collectionsLimit: ({ limit }) =>
    `Cada miembro puede tener como máximo ${limit} colecciones; elimina una para crear otra.`,
  repeatedProject: ({ id }) => `incluye el proyecto "${id}" más de una vez`,
  ownerIdReadOnly: () => 'lo asigna el servidor: solo puede ser tu propio ID',
  shareIdReadOnly: () =>
    'lo asigna el servidor al compartir la colección: solo puede enviarse tal como se leyó',

  spoken: ({ es }) => es,
  fileTooLargeToRead: () =>
    'El archivo es demasiado grande para leerlo de una vez; divídelo en archivos más pequeños.',
  catalogImportRefused: ({ count, problems }) =>
    `${count} ${count === 1 ? 'problema' : 'problemas'}; no se importó nada. ${problems.join('; ')}`,
  fileProblem: ({ where, reason }) => `${where}: ${reason}`,
  filePlace: ({ where }) => filePlace(where),
  fileNul: () => 'no puede contener caracteres NUL (U+0000)',
  sectionNotList: () => 'debe ser una lista, o una lista de Appwrite {"total": n, "documents": [...]}',
  // The JSON reader's own detail is in English: the position it gives is not worth an English word.
  fileNotJson: () => 'no es un JSON válido',
  fileShape: () =>
    'debe ser una lista de proyectos, un objeto {"categories", "tags", "projects", "project_tags"} o una lista de Appwrite {"total", "documents"}',
  unknownSection: ({ expected }) => `sección desconocida; se esperaba una de ${quoted(expected)}`,
  notValidCsv: ({ reason }) => `no es un CSV válido: ${reason}`,
  csvSyntax: ({ line, problem }) => `línea ${line}: ${CSV_PROBLEMS[problem]}`,
  unknownColumn: ({ name, expected }) =>
    `columna desconocida "${name}"; se esperaba una de ${quoted(expected)}`,
  titleColumnRequired: () => 'la columna "title" es obligatoria',
  fieldCount: ({ fields, columns }) => `tiene ${fields} campos; el encabezado tiene ${columns}`,
  linksNotPairs: () => 'deben ser pares título|url (una cantidad par de elementos)',
  tagIdsCount: ({ ids, tags }) => `enumera ${ids} IDs para ${tags} etiquetas`,
  unknownReference: ({ what, id }) =>
    `ID de ${WHAT[what]} desconocido "${id}": no está en el archivo ni en el catálogo`,
  idUsedTwice: ({ what, id, earlier }) => `el ID de ${WHAT[what]} "${id}" ya se usa en ${earlier}`,
  categoryIdDiffers: ({ id }) => `su ID "${id}" no coincide con category_id`,
  projectNotInFile: ({ id }) => `el proyecto "${id}" no está en el archivo`,
  fileWithoutCatalogue: () => 'no tiene proyectos, categorías ni etiquetas',
  membersFileRefused: ({ fileName, count, problems, more }) =>
    `${fileName}: ${filas(count)}; no se creó a nadie: ${problems.join('; ')}` +
    (more > 0 ? ` (y ${more} más)` : ''),
  membersFileUnread: ({ fileName, problem }) => `${fileName}: ${problem}`,
  rowColumns: ({ row }) => `fila ${row}: se esperaban dos columnas, email,name`,
  rowEmail: ({ row, value }) => `fila ${row}: "${value}" no es un correo electrónico válido`,
  rowName: ({ row }) => `fila ${row}: el nombre tiene más de 128 caracteres`,
  rowRepeated: ({ row, email, firstRow }) => `fila ${row}: ${email} ya está en la fila ${firstRow}`,
  noMembersToImport: () => 'no hay miembros para importar.',
  synonymSideReason: ({ words, characters }) =>
    `El valor debe tener de 1 a ${words} palabras y como mucho ${characters} caracteres.`,
  synonymSameSides: () =>
    'Los dos lados de un sinónimo deben ser distintos (sin contar mayúsculas ni tildes).',
  synonymExists: ({ oneSide, otherSide }) => `El sinónimo "${oneSide}" ↔ "${otherSide}" ya existe.`,
  synonymsFull: ({ limit }) =>
    `La tienda guarda como mucho ${limit} sinónimos: quita uno antes de añadir otro.`,
  synonymNotFound: ({ id }) => `Ningún sinónimo tiene el ID "${id}".`,
  synonymPreviewReason: ({ characters }) => `El valor debe ser una búsqueda de 1 a ${characters} caracteres.`,
  ownCampaignReason: ({ characters }) =>
    `El valor debe ser el nombre de una campaña, de 1 a ${characters} caracteres en una sola línea.`,
  ownCampaignExists: ({ campaign }) => `"${campaign}" ya es una de tus campañas.`,
  ownCampaignOnCheckout: ({ campaign }) =>
    `"${campaign}" está en el enlace de compra (CHECKOUT_URL): ya se cuenta por su nombre.`,
  ownCampaignsFull: ({ limit }) =>
    `La tienda guarda como mucho ${limit} campañas propias: quita una antes de añadir otra.`,
  ownCampaignNotFound: ({ campaign }) => `"${campaign}" no es una de tus campañas.`,
  ownCampaignFromCheckout: ({ campaign }) =>
    `"${campaign}" viene del enlace de compra (CHECKOUT_URL): cambia CHECKOUT_URL para dejar de contarla por su nombre.`,
  invitationNotSent: ({ detail }) => `No se pudo enviar el correo de invitación: ${detail}`,

  storefrontOneLine: () => 'debe ser una sola línea, sin saltos de línea',
  storefrontLink: () => 'debe ser un enlace https:// o http://, o mailto: con una dirección de correo',
  storefrontPriceAmount: () => 'debe ser un importe mayor que 0 con 2 decimales como mucho, como 29 o 29.90',
  storefrontCurrency: () =>
    'debe ser un código de moneda de 3 letras mayúsculas que la tienda conozca, como USD, EUR o MXN',
  storefrontImage: () => 'debe ser una ruta de esta tienda, como /samples/app.webp, o una dirección https://',
  storefrontFaqOnLanding: () => 'al menos una pregunta debe mostrarse en la página de venta',
  storefrontControlCharacters: () => 'no puede contener caracteres de control',
  storefrontTooLarge: ({ characters }) =>
    `la tienda entera debe ocupar como mucho ${characters} caracteres en JSON`,
  storefrontProjectMissing: ({ id }) => `el catálogo no tiene ningún proyecto "${id}"`,
  storefrontInvalid: ({ count, problems }) =>
    `La tienda tiene ${count} ${count === 1 ? 'problema' : 'problemas'}; no se guardó nada: ${problems.join('; ')}.`,
  storefrontIfMatch: () =>
    'Envía If-Match con la revisión del borrador entre comillas, como "3" ("0" si no hay borrador).',
  storefrontDraftChanged: ({ revision, updatedBy }) =>
    `El borrador de la tienda cambió desde que lo abriste: ahora es la revisión ${revision}, guardada por ${updatedBy}. No se sobrescribió nada; mira qué cambió y guarda de nuevo.`,
  storefrontDraftGone: () =>
    'El borrador que abriste se publicó o se descartó mientras tanto; no se sobrescribió nada. Abre la tienda de nuevo.',
  storefrontNoDraft: () => 'No hay ningún borrador para publicar.',
  offsiteNotConfigured: () =>
    'Las copias fuera del servidor no están configuradas: define BACKUP_S3_BUCKET, los demás ajustes BACKUP_S3_* y BACKUP_PASSPHRASE, y reinicia la tienda.',
  offsiteNoKey: () =>
    'Falta BACKUP_PASSPHRASE: una copia guarda los correos de los miembros y los hashes de sus contraseñas, así que nunca sale del servidor sin cifrar.',
  storefrontVersionNotFound: ({ number }) => `La tienda no tiene la versión ${number}.`,
  wholeNumberReason: ({ min, max }) => `El valor debe ser un número entero de ${min} a ${max}.`,
  storefrontPreviewPage: ({ pages }) =>
    `El valor debe ser una de las páginas de la tienda: ${pages.join(', ')}`,
  storefrontRendererMissing: () =>
    'Esta compilación de la web no puede dibujar las páginas de la tienda (le falta la carpeta .server): vuelve a compilarla con `npm run build`.',
  storefrontDrawingFailed: () =>
    'No se pudieron dibujar las páginas de la tienda; las páginas servidas siguen como estaban.',
  apiKeyRefused: () =>
    'Esta clave de API no es válida: se revocó, caducó o nunca existió. Crea otra en la consola (Automatizaciones).',
  apiKeyFromBrowser: () =>
    'Las claves de API son para servidores y scripts: una petición enviada desde un navegador (con cabecera Origin) no puede usarlas.',
  apiKeyScope: ({ scope }) =>
    scope === null
      ? 'Ninguna clave de API puede llamar a esta ruta: solo un administrador con sesión en la consola.'
      : `A esta clave de API le falta el permiso (scope) ${scope} que necesita esta llamada.`,
  apiKeyNameTaken: ({ name }) => `Ya existe una clave llamada ${name}; elige otro nombre.`,
  apiKeyNotFound: () => 'No hay ninguna clave de API con este ID.',
  webhookEndpointNotFound: () => 'No hay ningún destino de webhooks con este ID.',
  webhookEndpointOff: () => 'Este destino de webhooks está desactivado: actívalo primero y vuelve a enviar.',
  webhookDeliveryNotFound: () => 'No hay ningún envío de webhook con este ID.',
  webhookEndpointTaken: ({ url }) => `Ya existe un destino con la dirección ${url}.`,
  expireInPast: () => 'La fecha de caducidad debe estar en el futuro.',
}
