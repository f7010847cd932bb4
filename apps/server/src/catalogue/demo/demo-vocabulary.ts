// Spanish word lists for the demo catalogue, kept as text tables so the formatter leaves them compact.

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

function rows(text: string, columns: number): string[][] {
  return lines(text).map((line) => {
    const cells = line.split('|').map((cell) => cell.trim())
    if (cells.length !== columns) throw new Error(`vocabulary row needs ${columns} columns: ${line}`)
    return cells
  })
}

const list = (text: string): string[] => text.split(',').map((word) => word.trim())

/** id suffix|name|description|heads|objects; heads are masculine singular so qualifiers like "automático" agree. */
const CATEGORY_TABLE = `
chatbots|Chatbots y asistentes|Asistentes conversacionales que responden preguntas y atienden a usuarios en lenguaje natural.|Asistente,Chatbot,Asistente virtual,Agente conversacional|atención al cliente,preguntas frecuentes,reservas de restaurante,soporte técnico,ventas en línea,recetas,viajes,trámites municipales
vision|Visión por computadora|Aplicaciones que interpretan imágenes y video para detectar, contar o reconocer elementos.|Detector,Clasificador,Contador,Analizador,Lector|defectos en piezas,plantas enfermas,placas vehiculares,productos en estantes,señales de tránsito,tickets de compra,personas en tiendas,especies de aves
imagenes|Generación de imágenes|Herramientas que crean o editan imágenes a partir de descripciones en texto.|Generador,Editor,Creador,Diseñador|logotipos,ilustraciones infantiles,portadas de libros,fotos de producto,avatares,stickers,miniaturas para YouTube,diseños de interiores
voz|Procesamiento de voz|Soluciones que transcriben, sintetizan o analizan audio y voz humana.|Transcriptor,Narrador,Analizador,Resumidor|reuniones,entrevistas,podcasts,notas de voz,clases grabadas,llamadas de ventas,audiolibros,audios de WhatsApp
automatizacion|Automatización|Flujos que conectan servicios y eliminan tareas repetitivas con ayuda de la IA.|Automatizador,Flujo,Orquestador,Bot|facturas,correos entrantes,publicaciones en redes,pedidos de e-commerce,reportes semanales,formularios,hojas de cálculo,tareas administrativas
datos|Análisis de datos|Apps que exploran, resumen y visualizan datos para tomar mejores decisiones.|Analizador,Explorador,Panel,Visualizador,Predictor|ventas,encuestas,datos públicos,métricas web,inventario,abandono de clientes,precios inmobiliarios,consumo energético
educacion|Educación|Recursos que ayudan a enseñar y aprender con tutores y materiales generados por IA.|Tutor,Generador,Corrector,Asistente|exámenes,matemáticas,ejercicios de inglés,fichas de estudio,ensayos,clases de programación,lecturas infantiles,historia universal
salud|Salud|Proyectos que apoyan a pacientes y profesionales sanitarios con información clara.|Asistente,Monitor,Planificador,Analizador|síntomas,citas médicas,planes de nutrición,rutinas de ejercicio,calidad del sueño,medicamentos,historias clínicas,bienestar emocional
marketing|Marketing|Herramientas para crear contenido, campañas y análisis de audiencia con IA.|Generador,Redactor,Analizador,Planificador|anuncios,publicaciones para Instagram,campañas de email,eslóganes,reseñas de clientes,artículos SEO,guiones para TikTok,descripciones de producto
finanzas|Finanzas|Apps que organizan gastos, facturas e inversiones de forma inteligente.|Gestor,Analizador,Asesor,Clasificador|gastos personales,facturas,presupuestos familiares,inversiones,extractos bancarios,criptomonedas,declaraciones de impuestos,flujo de caja
productividad|Productividad|Utilidades que ordenan el trabajo diario, las notas y las reuniones.|Organizador,Resumidor,Planificador,Buscador|reuniones,notas,correos,tareas,documentos internos,calendarios,hábitos,proyectos
desarrollo|Desarrollo de software|Asistentes que escriben, revisan y documentan código.|Revisor,Generador,Documentador,Depurador,Asistente|código Python,pull requests,pruebas unitarias,consultas SQL,APIs REST,expresiones regulares,componentes React,mensajes de commit
agentes|Agentes de IA|Agentes autónomos que planifican y ejecutan tareas de varios pasos usando herramientas.|Agente,Investigador,Orquestador,Copiloto|búsqueda web,compras en línea,investigación de mercado,reservas de viajes,ventas B2B,tareas de oficina,análisis de competencia,soporte interno
lenguaje|Traducción y lenguaje|Aplicaciones que traducen, corrigen y resumen textos en varios idiomas.|Traductor,Corrector,Resumidor,Simplificador|documentos técnicos,subtítulos,artículos científicos,textos legales,noticias,correos formales,libros,páginas web
legal|Legal y documentos|Herramientas que leen contratos y documentos para extraer lo importante.|Analizador,Revisor,Generador,Buscador|contratos,cláusulas,jurisprudencia,términos y condiciones,políticas de privacidad,actas,poderes notariales,demandas laborales
rrhh|Recursos humanos|Apps que agilizan la selección de personal y la gestión de equipos.|Filtrador,Evaluador,Asistente,Generador|currículums,entrevistas técnicas,ofertas de empleo,procesos de onboarding,evaluaciones de desempeño,candidatos,encuestas de clima,nóminas
`

export const DEMO_CATEGORIES = rows(CATEGORY_TABLE, 5).map((row) => ({
  id: `cat-${row[0] ?? ''}`,
  name: row[1] ?? '',
  description: row[2] ?? '',
  heads: list(row[3] ?? ''),
  objects: list(row[4] ?? ''),
}))

/** Ordered from most to least popular: the generator draws tags with a Zipf-like skew by this rank. */
const TAG_TABLE = `
openai|OpenAI|Usa los modelos de OpenAI a través de su API.
python|Python|Está escrito principalmente en Python.
langchain|LangChain|Orquesta modelos de lenguaje con la librería LangChain.
rag|RAG|Responde con información recuperada de documentos propios.
react|React|Su interfaz está construida con React.
nextjs|Next.js|Aplicación web desarrollada con el framework Next.js.
streamlit|Streamlit|Interfaz rápida en Python creada con Streamlit.
gemini|Gemini|Integra los modelos Gemini de Google.
whatsapp|WhatsApp|Funciona como bot o integración de WhatsApp.
n8n|n8n|Automatiza el flujo con nodos de n8n.
embeddings|Embeddings|Convierte textos en vectores para búsquedas semánticas.
supabase|Supabase|Guarda datos y usuarios en Supabase.
claude|Claude|Utiliza los modelos Claude de Anthropic.
nodejs|Node.js|El servidor corre sobre Node.js.
typescript|TypeScript|Código tipado con TypeScript.
fastapi|FastAPI|Expone una API en Python con FastAPI.
whisper|Whisper|Transcribe audio con el modelo Whisper.
llama|Llama|Emplea modelos abiertos de la familia Llama.
hugging-face|Hugging Face|Descarga modelos o despliega en Hugging Face.
pdf|PDF|Lee, analiza o genera documentos PDF.
vector-db|Vector DB|Almacena embeddings en una base de datos vectorial.
telegram|Telegram|Funciona como bot de Telegram.
stable-diffusion|Stable Diffusion|Genera imágenes con Stable Diffusion.
tailwind|Tailwind|Estilos de la interfaz hechos con Tailwind CSS.
pinecone|Pinecone|Indexa vectores en Pinecone.
ocr|OCR|Extrae texto de imágenes y documentos escaneados.
tts|TTS|Convierte texto en voz sintética.
gpt-4|GPT-4|Aprovecha la familia de modelos GPT-4.
ollama|Ollama|Ejecuta modelos de lenguaje en local con Ollama.
agentes|Agentes|Incluye agentes que deciden qué herramienta usar en cada paso.
chatbot|Chatbot|Ofrece una conversación en lenguaje natural.
flutter|Flutter|App móvil multiplataforma hecha con Flutter.
docker|Docker|Se despliega fácilmente con contenedores Docker.
postgresql|PostgreSQL|Persiste la información en PostgreSQL.
firebase|Firebase|Usa servicios de Firebase para datos y autenticación.
llamaindex|LlamaIndex|Indexa documentos con LlamaIndex.
mistral|Mistral|Utiliza modelos de Mistral AI.
gradio|Gradio|Demo interactiva construida con Gradio.
javascript|JavaScript|Escrito en JavaScript moderno.
google-sheets|Google Sheets|Lee o escribe datos en hojas de Google Sheets.
make|Make|Automatización montada en Make.
zapier|Zapier|Conecta servicios mediante Zapier.
notion|Notion|Se integra con páginas y bases de datos de Notion.
opencv|OpenCV|Procesa imágenes y video con OpenCV.
yolo|YOLO|Detecta objetos en tiempo real con YOLO.
pytorch|PyTorch|Entrena o ejecuta redes neuronales con PyTorch.
elevenlabs|ElevenLabs|Genera voces realistas con ElevenLabs.
chromadb|ChromaDB|Guarda embeddings en ChromaDB.
vercel|Vercel|Desplegada en Vercel.
django|Django|Backend construido con Django.
flask|Flask|Servidor ligero hecho con Flask.
vue|Vue|Interfaz desarrollada con Vue.js.
slack|Slack|Funciona como bot o integración de Slack.
discord|Discord|Funciona como bot de Discord.
dall-e|DALL·E|Crea imágenes con DALL·E.
midjourney|Midjourney|Trabaja con imágenes generadas en Midjourney.
tensorflow|TensorFlow|Modelos entrenados con TensorFlow.
fine-tuning|Fine-tuning|Ajusta un modelo con datos propios para mejorar sus respuestas.
scraping|Web scraping|Extrae información de sitios web de forma automática.
stripe|Stripe|Cobra pagos en línea con Stripe.
extension-chrome|Extensión de Chrome|Se instala como extensión del navegador Chrome.
movil|Móvil|Pensada para usarse desde el teléfono.
visualizacion|Visualización|Presenta los resultados en gráficos interactivos.
voz|Voz|Permite interactuar hablando en lugar de escribir.
`

export const DEMO_TAGS = rows(TAG_TABLE, 3).map((row) => ({
  id: `tag-${row[0] ?? ''}`,
  name: row[1] ?? '',
  description: row[2] ?? '',
}))

export const TITLE_QUALIFIERS = list(
  'con IA,inteligente,automático,para equipos,para pymes,en tiempo real,multilingüe,para estudiantes,' +
    'con GPT-4,personalizado,en español,de código abierto,para WhatsApp,con Gemini,para emprendedores,' +
    'sin código,para Telegram,con LangChain,colaborativo,para profesionales,con búsqueda semántica',
)

export const SUBTITLE_VERBS = list('Analiza,Organiza,Resume,Gestiona,Entiende,Automatiza el trabajo con')

export const SUBTITLE_BENEFITS = list(
  'en segundos,sin escribir código,con modelos de lenguaje,desde el navegador,con una interfaz sencilla,' +
    'y ahorra horas de trabajo,en español y otros idiomas,directamente desde el móvil',
)

/** Masculine plural groups, so openings such as "Muchos {a}" agree. */
export const AUDIENCES = list(
  'equipos pequeños,profesionales independientes,docentes,emprendedores,departamentos de soporte,' +
    'estudiantes,pequeños negocios,médicos,analistas,desarrolladores,equipos de marketing,despachos de abogados',
)

/** "{o}" is replaced with the title's object and "{a}" with an audience. */
export const PROBLEM_OPENINGS = lines(`
  Gestionar {o} a mano consume horas de trabajo de {a} cada semana.
  Para {a}, trabajar con {o} suele ser lento, repetitivo y propenso a errores.
  Muchos {a} no tienen tiempo ni herramientas para sacar provecho de {o}.
  Encontrar la información importante en {o} lleva demasiado tiempo para {a}.
  Los {a} suelen depender de procesos manuales y hojas de cálculo para ocuparse de {o}.
`)

export const SOLUTION_TECHNIQUES = list(
  'modelos de lenguaje,visión por computadora,reconocimiento de voz,búsqueda semántica con embeddings,' +
    'agentes autónomos,modelos abiertos ejecutados en local,una cadena de prompts bien diseñada',
)

export const SOLUTION_ACTIONS = list(
  'extraer la información clave,clasificar cada elemento automáticamente,generar resúmenes claros,' +
    'responder preguntas en lenguaje natural,detectar patrones y anomalías,proponer los siguientes pasos',
)

export const SOLUTION_OUTCOMES = list(
  'reducir los errores humanos,dar respuestas en segundos,liberar tiempo para tareas de mayor valor,' +
    'mejorar la experiencia de los usuarios,tomar decisiones con más información',
)

export const PROBLEM_CLOSINGS = lines(`
  Incluye una demostración lista para probar y el código fuente completo.
  Se puede adaptar fácilmente a otros idiomas y sectores.
  Está pensada para funcionar con un presupuesto mínimo de infraestructura.
  El proyecto explica paso a paso cómo desplegarla en producción.
`)

/** "{o}" is replaced with the title's object; entries without it are generic. */
export const DEMONSTRATION_CASES = lines(`
  Ejemplo completo de {o} con datos de prueba.
  Hacer preguntas en lenguaje natural sobre {o}.
  Generar un informe semanal sobre {o} para el equipo.
  Exportar a una hoja de cálculo los resultados sobre {o}.
  Probar la demo con casos reales de {o}.
  Integrar el flujo de {o} con WhatsApp o Telegram.
  Configurar alertas automáticas sobre {o}.
  Comparar las respuestas de distintos modelos en {o}.
  Usar la app desde el móvil sin instalar nada.
  Cambiar el idioma de las respuestas entre español e inglés.
  Desplegar la app en un servidor propio con Docker.
`)

export const FIRST_NAMES = list(
  'María José,Andrés,Lucía,Sebastián,Valentina,Mateo,Camila,Joaquín,Sofía,Martín,Daniela,Tomás,Isabel,' +
    'Juan Pablo,Ana Sofía,Diego,Fernanda,Nicolás,Paula,José Luis,Gabriela,Ramón,Verónica,Iñaki,Renata,' +
    'Álvaro,Mónica,Héctor,Julián,Ximena,Rocío,Emilio,Begoña,Raúl,Inés,Germán,Lourdes,Santiago,Elena,Óscar',
)

export const LAST_NAMES = list(
  'Fernández,Muñoz,García,Rodríguez,López,Martínez,Sánchez,Pérez,Gómez,Díaz,Hernández,Álvarez,Romero,' +
    'Torres,Ramírez,Flores,Vargas,Castillo,Ortiz,Morales,Núñez,Ibáñez,Peña,Gutiérrez,Rojas,Mendoza,Cruz,' +
    'Herrera,Aguilar,Domínguez,Salazar,Castro,Vega,Ríos,Benítez,Quiroga,Cabrera,Ochoa,Zúñiga,Echeverría',
)
