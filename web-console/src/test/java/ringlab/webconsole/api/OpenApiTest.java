package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import ringlab.node.NodeEvent;
import ringlab.sim.report.ReportJson;

/**
 * The OpenAPI document of the servlet's own route table (built by its activate method, with stand-ins for
 * the node's services): valid for swagger-parser without a single message, one operation per route and
 * no other, and schemas whose property names are exactly the keys Gson writes for each record.
 */
class OpenApiTest {
    private static ApiServlet servlet;
    private static JsonObject doc;

    @BeforeAll
    static void generate() throws Exception {
        servlet = new ApiServlet();
        for (Field f : ApiServlet.class.getDeclaredFields()) {
            if (f.getType().isInterface() && !Modifier.isStatic(f.getModifiers()) && f.getType() != List.class) {
                f.setAccessible(true);
                f.set(servlet, stub(f.getType()));
            }
        }
        servlet.activate(null);
        Route own = servlet.routes().stream().filter(r -> r.path().equals("/openapi.json")).findFirst().orElseThrow();
        doc = (JsonObject) own.handler().handle(null); // the document as the route answers it
    }

    @AfterAll
    static void close() {
        servlet.deactivate();
    }

    /** A service stand-in that answers nothing (null, 0, false): activate only builds the table. */
    private static Object stub(Class<?> type) {
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> {
            Class<?> r = m.getReturnType();
            if (r == boolean.class) return false;
            if (r == int.class) return 0;
            if (r == long.class) return 0L;
            return null;
        });
    }

    @Test
    void swaggerParserFindsNothingToSay() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(Json.write(doc), null, options);
        assertEquals(List.of(), result.getMessages());
        assertNotNull(result.getOpenAPI());
        assertEquals(OpenApi.VERSION, result.getOpenAPI().getOpenapi());
        assertEquals(servlet.routes().size(), result.getOpenAPI().getPaths().values().stream().mapToInt(p -> p.readOperations().size()).sum());
    }

    @Test
    void everyRouteIsDocumentedAndNothingElse() {
        Set<String> served = new TreeSet<>(), documented = new TreeSet<>();
        for (Route r : servlet.routes()) served.add(r.method() + " " + r.path());
        for (Map.Entry<String, JsonElement> p : doc.getAsJsonObject("paths").entrySet()) {
            for (String method : p.getValue().getAsJsonObject().keySet()) documented.add(method.toUpperCase() + " " + p.getKey());
        }
        assertEquals(served, documented);
        assertTrue(served.contains("GET /openapi.json"), "the document documents itself");
        assertTrue(served.size() >= 20, served.toString());
    }

    @Test
    void operationsCarryParametersBodiesAnswersErrorsAndSecurity() {
        JsonObject paths = doc.getAsJsonObject("paths");
        JsonObject getFeature = paths.getAsJsonObject("/features/{id}").getAsJsonObject("get");
        assertEquals("getFeaturesById", getFeature.get("operationId").getAsString());
        JsonObject id = getFeature.getAsJsonArray("parameters").get(0).getAsJsonObject();
        assertEquals("id", id.get("name").getAsString());
        assertEquals("path", id.get("in").getAsString());
        assertTrue(id.get("required").getAsBoolean());
        assertEquals("#/components/schemas/FeatureInfo", ref(getFeature, "200", "application/json"));
        assertTrue(getFeature.getAsJsonObject("responses").has("404"));
        assertFalse(getFeature.has("security"), "a GET takes the global security: token or session");

        JsonObject metrics = paths.getAsJsonObject("/metrics").getAsJsonObject("get");
        JsonObject since = metrics.getAsJsonArray("parameters").get(0).getAsJsonObject();
        assertEquals("since", since.get("name").getAsString());
        assertEquals("query", since.get("in").getAsString());

        JsonObject features = paths.getAsJsonObject("/features").getAsJsonObject("get");
        JsonObject list = features.getAsJsonObject("responses").getAsJsonObject("200").getAsJsonObject("content")
                .getAsJsonObject("application/json").getAsJsonObject("schema");
        assertEquals("array", list.get("type").getAsString());
        assertEquals("#/components/schemas/FeatureInfo", list.getAsJsonObject("items").get("$ref").getAsString());

        JsonObject upload = paths.getAsJsonObject("/bundles").getAsJsonObject("post");
        JsonObject jar = upload.getAsJsonObject("requestBody").getAsJsonObject("content").getAsJsonObject("application/java-archive").getAsJsonObject("schema");
        assertEquals("binary", jar.get("format").getAsString());
        for (String status : List.of("400", "401", "403", "413", "default")) {
            assertEquals("#/components/responses/", upload.getAsJsonObject("responses").getAsJsonObject(status).get("$ref").getAsString()
                    .substring(0, "#/components/responses/".length()), status);
        }
        assertEquals("[{\"bearerToken\":[]},{\"sessionCookie\":[],\"csrfToken\":[]}]", upload.get("security").toString(),
                "a change: the token, or the session with its CSRF token");

        JsonObject stream = paths.getAsJsonObject("/stream").getAsJsonObject("get");
        assertTrue(stream.getAsJsonObject("responses").getAsJsonObject("200").getAsJsonObject("content").has("text/event-stream"));

        // PUT /scenario names only the fields it changes: its body schema has the properties and requires none
        JsonObject scenario = paths.getAsJsonObject("/scenario").getAsJsonObject("put").getAsJsonObject("requestBody")
                .getAsJsonObject("content").getAsJsonObject("application/json").getAsJsonObject("schema");
        assertEquals(Set.of("board", "features", "workload", "pace", "seed"), scenario.getAsJsonObject("properties").keySet());
        assertFalse(scenario.has("required"));
        JsonObject tunables = paths.getAsJsonObject("/features/{id}").getAsJsonObject("put").getAsJsonObject("requestBody")
                .getAsJsonObject("content").getAsJsonObject("application/json").getAsJsonObject("schema");
        assertEquals("{\"type\":\"integer\",\"format\":\"int64\"}", tunables.get("additionalProperties").toString());

        // optimistic concurrency: the configuration GETs send an ETag, their PUTs take If-Match and may answer 412
        for (String path : List.of("/scenario", "/features/{id}")) {
            JsonObject get = paths.getAsJsonObject(path).getAsJsonObject("get");
            assertTrue(get.getAsJsonObject("responses").getAsJsonObject("200").getAsJsonObject("headers").has("ETag"), path);
            JsonObject put = paths.getAsJsonObject(path).getAsJsonObject("put");
            assertTrue(put.getAsJsonArray("parameters").toString().contains("\"If-Match\""), path);
            assertEquals("#/components/responses/PreconditionFailed", put.getAsJsonObject("responses").getAsJsonObject("412").get("$ref").getAsString());
        }

        JsonObject schemes = doc.getAsJsonObject("components").getAsJsonObject("securitySchemes");
        assertEquals("bearer", schemes.getAsJsonObject("bearerToken").get("scheme").getAsString());
        assertEquals("cookie", schemes.getAsJsonObject("sessionCookie").get("in").getAsString());
        assertEquals("ringlab_session", schemes.getAsJsonObject("sessionCookie").get("name").getAsString());
        assertEquals("X-CSRF-Token", schemes.getAsJsonObject("csrfToken").get("name").getAsString());
        assertEquals("[{\"bearerToken\":[]},{\"sessionCookie\":[]}]", doc.get("security").toString());
    }

    private static String ref(JsonObject op, String status, String media) {
        return op.getAsJsonObject("responses").getAsJsonObject(status).getAsJsonObject("content").getAsJsonObject(media)
                .getAsJsonObject("schema").get("$ref").getAsString();
    }

    /**
     * Each record's schema lists exactly the keys Gson writes for an instance with every part set, primitive
     * parts are required; each enum's schema lists exactly the names Gson writes. Nested records are checked
     * as schemas of their own, so this covers the whole graph of the answers.
     */
    @Test
    void schemasNameWhatGsonWrites() throws Exception {
        SchemaGenerator gen = new SchemaGenerator(ReportJson.GSON);
        gen.schema(Answers.ErrorBody.class);
        List<Type> requests = new ArrayList<>();
        for (Route r : servlet.routes()) {
            if (r.response() != Route.EVENT_STREAM && r.response() != Route.HTML) gen.schema(r.response()); // a page is no record
            if (r.request() != null && r.request() != Route.JAR) {
                gen.requestSchema(r.request());
                requests.add(r.request());
            }
        }
        JsonObject schemas = gen.components();
        assertEquals(doc.getAsJsonObject("components").getAsJsonObject("schemas"), schemas, "the same components as the served document");
        // a request record is inline (none of its properties required): its names are Gson's too
        for (Type t : requests) {
            if (!(t instanceof Class<?> c) || !c.isRecord()) continue;
            JsonObject json = JsonParser.parseString(Json.write(sample(c, 0))).getAsJsonObject();
            assertEquals(json.keySet(), gen.requestSchema(c).getAsJsonObject("properties").keySet(), c.getName());
        }
        assertTrue(requests.contains(ringlab.node.ScenarioSpec.class), requests.toString());
        assertTrue(gen.types().containsKey(ringlab.node.NodeStatus.class) && gen.types().containsKey(ringlab.sim.report.DeviceDetail.class)
                && gen.types().containsKey(NodeEvent.Kind.class), gen.types().values().toString());
        for (Map.Entry<Class<?>, String> e : gen.types().entrySet()) {
            Class<?> c = e.getKey();
            JsonObject schema = schemas.getAsJsonObject(e.getValue());
            if (c.isEnum()) {
                JsonArray written = new JsonArray();
                for (Object constant : c.getEnumConstants()) written.add(JsonParser.parseString(Json.write(constant)));
                assertEquals(written, schema.getAsJsonArray("enum"), e.getValue());
                continue;
            }
            JsonObject json = JsonParser.parseString(Json.write(sample(c, 0))).getAsJsonObject();
            assertEquals(json.keySet(), schema.getAsJsonObject("properties").keySet(), e.getValue() + ": " + json);
            Set<String> required = new TreeSet<>();
            if (schema.has("required")) schema.getAsJsonArray("required").forEach(x -> required.add(x.getAsString()));
            Set<String> primitives = new TreeSet<>();
            for (RecordComponent rc : c.getRecordComponents()) {
                if (rc.getType().isPrimitive()) primitives.add(gen.jsonName(c.getDeclaredField(rc.getName())));
            }
            assertEquals(primitives, required, e.getValue());
        }
        assertEquals("change_requested", schemas.getAsJsonObject("NodeEvent.Kind").getAsJsonArray("enum").get(0).getAsString());
        assertEquals(JsonParser.parseString("[\"none\", \"unnecessary\", \"complete\"]"), schemas.getAsJsonObject("RxChecksum").getAsJsonArray("enum"),
                "a board's NIC in board.json's words");
        assertTrue(schemas.getAsJsonObject("Accounting").getAsJsonObject("properties").has("in_flight"));
    }

    @Test
    void typesWithoutAJsonShapeAreRefused() {
        SchemaGenerator gen = new SchemaGenerator(ReportJson.GSON);
        assertThrows(IllegalArgumentException.class, () -> gen.schema(Thread.class));
        assertThrows(IllegalArgumentException.class, () -> gen.schema(new com.google.gson.reflect.TypeToken<Map<Integer, String>>() { }.getType()));
        assertEquals("{\"type\":\"number\",\"format\":\"double\",\"nullable\":true}", gen.schema(double.class).toString(), "NaN is written as null");
    }

    /** An instance of a record with every component set (nested records too, to a depth), for Gson to write. */
    static Object sample(Type t, int depth) throws Exception {
        if (t instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] args = p.getActualTypeArguments();
            if (Map.class.isAssignableFrom(raw)) return Map.of("k", sample(args[1], depth + 1));
            if (Collection.class.isAssignableFrom(raw)) return depth > 3 ? List.of() : List.of(sample(args[0], depth + 1));
        }
        if (t instanceof GenericArrayType g) return Array.newInstance((Class<?>) g.getGenericComponentType(), 0);
        Class<?> c = (Class<?>) t;
        if (c == String.class) return "x";
        if (c == long.class || c == Long.class) return 1L;
        if (c == int.class || c == Integer.class) return 1;
        if (c == double.class || c == Double.class) return 1.5;
        if (c == boolean.class || c == Boolean.class) return true;
        if (c.isEnum()) return c.getEnumConstants()[0];
        if (com.google.gson.JsonElement.class.isAssignableFrom(c)) return new JsonObject(); // free-form JSON (a sweep spec's parts)
        if (c.isArray()) return Array.newInstance(c.getComponentType(), 0);
        if (c.isRecord()) {
            if (depth > 6) return null;
            RecordComponent[] rcs = c.getRecordComponents();
            Class<?>[] types = new Class<?>[rcs.length];
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < rcs.length; i++) {
                types[i] = rcs[i].getType();
                values.add(sample(rcs[i].getGenericType(), depth + 1));
            }
            Constructor<?> k = c.getDeclaredConstructor(types);
            k.setAccessible(true);
            return k.newInstance(values.toArray());
        }
        throw new IllegalArgumentException("no sample for " + t);
    }
}
