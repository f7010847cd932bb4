// Lists the store's newest members and adds a project to its catalogue with Appwrite's official server
// SDK, node-appwrite 27, through one of the store's API keys (README, "Automations").
//
// A key with the three scopes it needs, made once on the store's server (or in the console's
// "Automatizaciones" page):
//
//   npm run admin -- keys create --name catalogue-script --scopes users.read,documents.read,documents.write
//
// then, from this repository (or any folder where `npm install node-appwrite@27` ran):
//
//   STORE_ENDPOINT=https://tienda.example.com/v1 STORE_API_KEY=standard_… \
//     node docs/examples/list-members-and-add-project.mjs
//
// Optional: STORE_CATEGORY, the name of an existing category for the new project; STORE_PROJECT and
// STORE_DATABASE when the store sets PROJECT_ID or DATABASE_ID (defaults projects-gallery and gallery).
//
// Keys are for servers and scripts: the store refuses one sent from a browser (a request with an Origin
// header), so never put a key in a web page.
import { AppwriteException, Client, Databases, ID, Query, Users } from 'node-appwrite'

const endpoint = process.env.STORE_ENDPOINT
const key = process.env.STORE_API_KEY
if (!endpoint || !key) {
  console.error('Set STORE_ENDPOINT (https://your-store.example/v1) and STORE_API_KEY (standard_…).')
  process.exit(2)
}

const client = new Client()
  .setEndpoint(endpoint)
  .setProject(process.env.STORE_PROJECT || 'projects-gallery')
  .setKey(key)
const users = new Users(client)
// `Databases`, not `TablesDB`: the SDK marks it deprecated since Appwrite 1.8, but it is what calls the
// /v1/databases/{db}/collections/{collection}/documents routes the store speaks.
const databases = new Databases(client)
const databaseId = process.env.STORE_DATABASE || 'gallery'

try {
  // GET /v1/users: enabled members, newest first (scope users.read).
  const members = await users.list({
    queries: [Query.equal('status', true), Query.orderDesc('$createdAt'), Query.limit(10)],
  })
  console.log(`${members.total} enabled members; the newest ${members.users.length}:`)
  for (const member of members.users)
    console.log(`  ${member.$createdAt}  ${member.email}  ${member.name}  [${member.labels.join(', ')}]`)

  // GET /v1/databases/gallery/collections/categories/documents (scope documents.read).
  let category = null
  if (process.env.STORE_CATEGORY) {
    const found = await databases.listDocuments({
      databaseId,
      collectionId: 'categories',
      queries: [Query.equal('name', process.env.STORE_CATEGORY), Query.limit(1)],
    })
    if (found.documents.length === 0) {
      console.error(`No category is named "${process.env.STORE_CATEGORY}".`)
      process.exit(1)
    }
    category = found.documents[0].$id
  }

  // POST /v1/databases/gallery/collections/projects/documents (scope documents.write). The fields are
  // those of the console's project form and of a catalogue file; the store checks them as the console
  // does and answers 400 document_invalid_structure naming the field it refuses. Only `title` is required.
  const project = await databases.createDocument({
    databaseId,
    collectionId: 'projects',
    documentId: ID.unique(),
    data: {
      title: 'Asistente de reservas con n8n',
      subtitle: 'Confirma citas por WhatsApp sin abrir el calendario',
      author: 'Laura Gómez',
      category,
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      problem_solved: 'Las reservas llegaban por mensaje y se apuntaban a mano.',
      project_links: [{ title: 'Plantilla de n8n', url: 'https://example.com/plantilla-reservas' }],
      demonstration_cases: ['Una peluquería con dos sillas'],
    },
  })
  console.log(`Added project ${project.$id}: ${project.title}`)
} catch (error) {
  if (!(error instanceof AppwriteException)) throw error
  // 401 general_unauthorized_scope: the key lacks a scope; 401 user_unauthorized: revoked or expired.
  console.error(`The store answered ${error.code} ${error.type}: ${error.message}`)
  process.exit(1)
}
